"""Questions the first-answer benchmarks ask of the Python docs (first_answer.py, range_reads.py,
term_split.py), so that their figures are for the same questions."""

QUESTIONS = (
    "read a file line by line",
    "subprocess run capture output",
    "json dumps indent",
    "asyncio gather timeout",
    "datetime strptime format codes",
    "dataclass field default_factory",
)
