# paiju: `make play` sets up a virtual environment and starts a session of Luk Fu
# (`make play ARGS="--rules gloucester"` passes options on); `make serve` serves the browser
# tables at http://127.0.0.1:8000/ (`make serve ARGS="--port 8080"`); `make test` runs the checks.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint typecheck unit clean

# the sources of the modules pip compiles (read from src/paiju/compiled.py, as setup.py
# does): an edit to one installs them again, so the tests run the compiled build of them
COMPILED := $(shell $(PYTHON) -c "import runpy, pathlib; c = runpy.run_path('src/paiju/compiled.py'); print(' '.join(str(c['source_of'](m, pathlib.Path('src/paiju'))) for m in c['MODULES']))")

$(STAMP): pyproject.toml setup.py src/paiju/compiled.py $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/paiju play lukfu $(ARGS)

serve: $(STAMP)
	$(BIN)/paiju serve $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests tools

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
