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
# Ten more, for figures over more questions than six (term_split.py, first_answer.py --each).
MORE_QUESTIONS = (
    "how do I make a temporary directory that is removed afterwards",
    "sort a list of dicts by a key",
    "parse command line arguments with subcommands",
    "http server that serves the current directory",
    "compare floating point numbers approximately",
    "run a function in a thread pool and collect the results",
    "logging to a file with rotation",
    "pathlib glob recursive",
    "what does the walrus operator do",
    "读取 JSON 文件",
)
