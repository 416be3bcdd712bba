"""Suite expectations: ``model`` what a suite expects of every case, ``judge`` a stored case
judged against it (failures that read like findings), ``gates`` the suite's promotion gates."""
