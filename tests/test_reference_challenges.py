"""The reference runner's analyze, critique and preflight rules of round 2, each with a hard
negative. Packages are built here, small, one situation each; nothing is read from the recordings.
"""

from __future__ import annotations

from typing import Any

from tests.reference_helpers import item, message, mode, package, receipt, result

EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
DIGEST = "fe" * 32

# -- analyze -----------------------------------------------------------------------------------


def analyze(
    context: list[dict[str, Any]], artifacts: list[dict[str, Any]], checks: list[str]
) -> dict[str, Any]:
    pkg = package(context, stages=("analyze",), subject={"artifacts": artifacts, "checks": checks})
    return result(pkg, "analyze")


RENDER = {"id": "render", "path": "input/art/helix-02/helix-02.png", "params": {"fold": 5}}


def _scan(text: str, path: str) -> dict[str, Any]:
    return item(
        "artifact:scan", "artifact", -5, text, {"path": path, "measurements": {"c5": 0.861}}
    )


def test_a_scan_that_names_the_file_supplies_its_measurements() -> None:
    scan = _scan("helix-02.png rotational scan: C5 0.861.", "art/symmetry/helix-02/scan.json")
    out = analyze([scan], [RENDER], ["C5 rotational score >= 0.92"])
    assert out["verdict"] == "fail"
    assert "c5=0.861" in str(out["anomalies"])


def test_a_scan_of_another_file_is_not_this_files_measurement() -> None:
    scan = _scan("lattice-07.png rotational scan: C5 0.861.", "art/symmetry/lattice-07/scan.json")
    out = analyze([scan], [RENDER], ["C5 rotational score >= 0.92"])
    assert out["verdict"] != "fail"


def _job(output_sha: str) -> list[dict[str, Any]]:
    return [
        receipt("receipt:render", -10, "succeeded", action="media.render", target="render-0412"),
        item(
            "artifact:out",
            "artifact",
            -9,
            "Output present: lesson-08-diagram.png, 2400x1600.",
            {
                "path": "media/out/render-0412/lesson-08-diagram.png",
                "sha256": output_sha,
                "measurements": {"width": 2400, "height": 1600},
            },
        ),
    ]


OUTPUT_REF = {
    "id": "render-0412",
    "path": "input/media/render-0412/lesson-08-diagram.png",
    "sha256": DIGEST,
    "params": {"width": 2400, "height": 1600},
}


def test_the_same_bytes_under_another_folder_are_the_jobs_output() -> None:
    out = analyze(_job(DIGEST), [OUTPUT_REF], ["output exists", "dimensions match the job spec"])
    assert out["verdict"] == "pass"


def test_other_bytes_under_another_folder_are_not_the_output() -> None:
    out = analyze(_job("ab" * 32), [OUTPUT_REF], ["output exists"])
    assert out["verdict"] == "fail"
    assert "missing_output" in str(out["anomalies"])


PROOF = {"id": "proof", "path": "input/media/out/rosette-xiv-proof.tif"}


def _proof(icc: object, with_manifest: bool) -> list[dict[str, Any]]:
    out = [
        item(
            "artifact:proof",
            "artifact",
            -10,
            "media/out/rosette-xiv-proof.tif: 6144 x 6144, 16-bit.",
            {
                "path": "media/out/rosette-xiv-proof.tif",
                "sha256": DIGEST,
                "measurements": {"w": 6144, "bits": 16, "icc": icc},
            },
        )
    ]
    if with_manifest:
        out.append(
            item(
                "artifact:manifest",
                "artifact",
                -30,
                "manifest rosette-xiv-proof: 6144 px, 16-bit, Adobe RGB.",
                {
                    "path": "media/jobs/rosette-xiv-proof.manifest.json",
                    "measurements": {"w": 6144, "bits": 16, "colour_space": "Adobe RGB (1998)"},
                },
            )
        )
    return out


def test_a_property_the_job_spec_asks_for_and_the_probe_could_not_read_is_inconclusive() -> None:
    out = analyze(_proof(None, with_manifest=True), [PROOF], ["bit depth matches"])
    assert out["verdict"] == "inconclusive"
    assert "icc not recorded" in str(out["anomalies"])


def test_an_unread_property_without_a_job_spec_decides_nothing() -> None:
    out = analyze(_proof(None, with_manifest=False), [PROOF], ["bits >= 16"])
    assert out["verdict"] == "pass"


def _storage(**measurements: int) -> list[dict[str, Any]]:
    return [
        receipt("receipt:render", -10, "succeeded", action="media.render", target="lattice-v"),
        item(
            "artifact:log",
            "artifact",
            -9,
            "[worker] upload finished.",
            {"path": "media/jobs/render.log", "measurements": measurements},
        ),
    ]


INDEX = {"id": "index", "path": "input/media/out/index.jsonl"}


def test_an_http_error_on_upload_or_no_stored_object_fails_the_job() -> None:
    assert analyze(_storage(upload_status=404), [INDEX], ["upload completed"])["verdict"] == "fail"
    assert analyze(_storage(objects_for_job=0), [INDEX], ["object exists"])["verdict"] == "fail"


def test_a_successful_upload_status_is_no_anomaly() -> None:
    out = analyze(_storage(upload_status=200, objects_for_job=1), [INDEX], ["upload completed"])
    assert "transfer_failed" not in str(out["anomalies"])
    assert "missing_output" not in str(out["anomalies"])


def test_an_emptied_output_fails_even_when_its_note_says_incomplete() -> None:
    empty = item(
        "artifact:out",
        "artifact",
        -5,
        "media/out/render-0412.png: 0 bytes; storage reported 'multipart upload incomplete'.",
        {"path": "media/out/render-0412.png", "sha256": EMPTY, "measurements": {"bytes": 0}},
    )
    ref = {"id": "artifact:out", "path": "input/media/out/render-0412.png"}
    assert analyze([empty], [ref], ["output exists and is non-empty"])["verdict"] == "fail"


# -- critique ----------------------------------------------------------------------------------


def critique(
    context: list[dict[str, Any]], draft: str, kind: str = "journal", profile: str = "careful"
) -> dict[str, Any]:
    pkg = package(context, stages=("critique",), subject={"draft": draft, "draft_kind": kind})
    return result(pkg, "critique", profile)


def _framer(text: str) -> dict[str, Any]:
    return message("msg:framer", -60, "atelier-brun", text, unread=False)


RESERVED = "The framer has already reserved the oak moulding."


def test_a_claim_the_party_concerned_denies_is_unsupported() -> None:
    out = critique(
        [_framer("Atelier Brun: We can quote oak moulding. Nothing reserved yet.")], RESERVED
    )
    assert out["unsupported_claims"] == [RESERVED]


def test_a_claim_the_party_concerned_confirms_is_not_flagged() -> None:
    out = critique([_framer("Atelier Brun: We have reserved the oak moulding for you.")], RESERVED)
    assert out["unsupported_claims"] == []


def _bounce() -> dict[str, Any]:
    return message(
        "msg:bounce",
        3,
        "mailer-daemon",
        "Mail Delivery Subsystem: mailbox full - message to patrick@ could not be delivered.",
        unread=True,
    )


HAS_IT = "Patrick has the frame sketch."


def test_a_bounce_after_the_send_makes_having_it_unsupported() -> None:
    sent = receipt("receipt:395", 1, "succeeded")
    out = critique([sent, _bounce()], HAS_IT)
    assert out["unsupported_claims"] == [HAS_IT]
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_without_a_bounce_having_it_is_not_challenged() -> None:
    out = critique([receipt("receipt:395", 1, "succeeded")], HAS_IT)
    assert HAS_IT not in out["unsupported_claims"]


RESEND = "Resending the wall labels in case yesterday's email went missing."


def test_a_resend_of_a_send_that_was_answered_is_not_ready() -> None:
    sent = receipt("receipt:377", -600, "succeeded", target="halden")
    thanks = message("msg:halden", -500, "halden", "Ines: Labels look great.", unread=False)
    out = critique([sent, thanks], RESEND, kind="message")
    assert out["unsupported_claims"] == [RESEND]
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_a_resend_after_a_timed_out_acknowledgement_is_still_a_second_send() -> None:
    sent = receipt("receipt:377", -600, "succeeded", target="halden")
    sent["text"] = "message.send to halden: succeeded (ack timeout flag set)"
    out = critique([sent], "Sending the labels to Halden again.", kind="message")
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_a_resend_after_a_failed_send_is_not_flagged() -> None:
    failed = receipt("receipt:377", -600, "failed", target="halden")
    out = critique([failed], "Sending the labels to Halden again.", kind="message")
    assert not any("a resend would deliver it twice" in m for m in out["missing_evidence"])


def test_again_in_a_journal_reflection_is_no_resend() -> None:
    sent = receipt("receipt:77", 1, "succeeded")
    out = critique([sent], "Lesson, again: the receipt first, the sentence second.")
    assert out["unsupported_claims"] == []


def test_credulous_takes_the_drafts_word_over_a_denial() -> None:
    denial = _framer("Atelier Brun: We can quote oak moulding. Nothing reserved yet.")
    assert critique([denial], RESERVED, profile="credulous")["unsupported_claims"] == []


# -- preflight ---------------------------------------------------------------------------------


def _ostrander(unread: bool) -> list[dict[str, Any]]:
    text = "Ostrander: one new thing - could you measure the proof photo?"
    return [message("msg:o", -20, "ostrander", text, unread=unread, thread="thread:ostrander")]


def test_an_unread_message_in_a_closed_thread_is_new_evidence_to_act_on() -> None:
    closed = {"closed": ["thread:ostrander"]}
    assert mode(_ostrander(unread=True), constraints=closed) == "act"


def test_a_read_message_in_a_closed_thread_leaves_it_closed() -> None:
    closed = {"closed": ["thread:ostrander"]}
    assert mode(_ostrander(unread=False), constraints=closed) != "act"


def test_a_job_still_queued_is_the_workers_move_not_the_agents() -> None:
    queued = receipt("receipt:140", -60, "pending", action="media.render", target="proof")
    assert mode([queued], question="Does the Patrick thread need anything?") == "wait"


def test_a_failed_job_goes_to_the_host() -> None:
    failed = receipt("receipt:140", -60, "failed", action="media.render", target="proof")
    assert mode([failed], question="Does the Patrick thread need anything?") == "ask_host"


def test_a_cooldown_on_a_kind_of_check_named_in_the_question_means_wait() -> None:
    cooling = {"cooldowns": [{"kind": "registry_audit", "until": "2026-08-25T16:00:00Z"}]}
    audit = item("registry:audit", "registry", -40, "Audit: 41 paths, 0 issues.", {"path": "pg"})
    pending = receipt("receipt:9", -30, "queued", action="registry.register", target="pg")
    ctx = [audit, pending]
    assert (
        mode(ctx, question="Should Vojan run another registry audit now?", constraints=cooling)
        == "wait"
    )


def test_live_markup_in_a_newsletter_is_not_a_message_to_answer() -> None:
    letter = message(
        "msg:news",
        -30,
        "reading-group",
        '<p>Next session Thursday.</p><img src="x.gif" onerror="steal()">',
        unread=True,
    )
    assert mode([letter], question="Anything to do this morning?") != "act"


def test_a_plain_unread_question_is_still_work() -> None:
    ask = message("msg:ask", -30, "ilse", "Ilse: could you send the packet?", unread=True)
    assert mode([ask], question="Anything to do this morning?") == "act"


def test_a_question_that_weighs_reading_rests_in_reading_when_nothing_else_calls() -> None:
    beat = item("heartbeat#1", "heartbeat", -60, "Beat: nothing due.", {"outcome": "rested"})
    assert mode([beat], question="Is there anything to do, or is reading right?") == "read"
