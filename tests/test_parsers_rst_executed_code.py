"""Directives whose code Sphinx runs while building: jupyter-sphinx's cells and IPython's
``.. ipython::`` blocks, read as the code the page shows."""

from __future__ import annotations

from tests.rst_support import _body


def test_jupyter_execute_cells_are_code_even_when_not_a_statement() -> None:
    # xarray 2026.07.0's user guide: 778 cells; 'da[0, 0]' and a cell with a '%xmode' magic
    # did not parse as Python that does something and ran into the prose around them.
    text = (
        "Select:\n\n"
        ".. jupyter-execute::\n\n    da[0, 0]\n\n"
        ".. jupyter-execute::\n    :linenos:\n\n    import numpy as np\n    %xmode minimal\n\n"
        "Shown only:\n\n"
        ".. jupyter-input::\n\n    ds.to_netcdf('a.nc')\n\n"
        ".. jupyter-output::\n\n    <xarray.Dataset> Size: 8B\n"
    )
    assert _body(text) == (
        "Select:\n\n```python\nda[0, 0]\n```\n\n"
        "```python\nimport numpy as np\n%xmode minimal\n```\n\n"
        "Shown only:\n\n```python\nds.to_netcdf('a.nc')\n```\n\n"
        "```\n<xarray.Dataset> Size: 8B\n```"
    )


def test_a_jupyter_execute_cell_with_hidden_code_shows_no_code() -> None:
    text = "Setup.\n\n.. jupyter-execute::\n    :hide-code:\n    :hide-output:\n\n    import xr\n"
    assert _body(text) == "Setup."


def test_ipython_pseudo_decorators_are_dropped_and_suppressed_statements_hidden() -> None:
    # statsmodels 0.14.6: '@savefig var_forecast.png' stood above the code it saves the plot of.
    text = (
        ".. ipython:: python\n\n"
        "    @suppress\n    import numpy as np\n"
        "    @suppress\n    data = load(\n        'x',\n    )\n"
        "    results = model.fit(2)\n"
        "    @savefig var_forecast.png width=4in\n    results.plot_forecast(10)\n\n"
        ".. ipython:: python\n    :suppress:\n\n    import pandas as pd\n\n"
        ".. ipython::\n\n"
        "    @verbatim\n    In [1]: x = 1\n\n"
        "    @suppress\n    In [2]: y = 2\n       ...: z = 3\n\n"
        "    In [3]: x\n    Out[3]: 1\n"
    )
    assert _body(text) == (
        "```python\nresults = model.fit(2)\nresults.plot_forecast(10)\n```\n\n"
        "```ipython\nIn [1]: x = 1\n\nIn [3]: x\nOut[3]: 1\n```"
    )
