"""One grader per lab: lab_checks/<lab id with - as _>.py; the grading machinery is in grading/."""
