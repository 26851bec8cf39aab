# paiju: `make play` sets up a virtual environment and starts a session of Luk Fu
# (`make play ARGS="--rules gloucester"` passes options on); `make serve` serves the browser
# tables at http://127.0.0.1:8000/ (`make serve ARGS="--port 8080"`); `make test` runs the checks.
#
# `make play` and `make serve` install only what playing needs, with the pure-Python engines,
# then compile the engines (mypyc) in the background while the first table plays: the
# compiled engines take over on the next start (.venv/compile.log says how it went).
# `make test` installs the test and research tools too and compiles the engines
# before it runs anything, so that the tests run the compiled build.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve compile-later test lint typecheck unit clean

# the sources of the modules pip compiles (read from src/paiju/compiled.py, as setup.py
# does): an edit to one installs them again, so the tests run the compiled build of them
COMPILED := $(shell $(PYTHON) -c "import runpy, pathlib; c = runpy.run_path('src/paiju/compiled.py'); print(' '.join(str(c['source_of'](m, pathlib.Path('src/paiju'))) for m in c['MODULES']))")

PLAYING := $(VENV)/.playing
BUILT := $(VENV)/.compiled
COMPILING := $(VENV)/.compiling
FAILED := $(VENV)/.compile-failed
# starts a command in a new session (no controlling terminal, a process group of its own)
DETACH := $(PYTHON) -c "import subprocess, sys; subprocess.Popen(sys.argv[1:], start_new_session=True)"

# what playing needs, the engines pure (setup.py: PAIJU_COMPILE=0); seconds, not minutes
# (a venv that `make test` set up already holds it)
$(PLAYING): pyproject.toml setup.py
	@if [ $(STAMP) -nt pyproject.toml ] && [ $(STAMP) -nt setup.py ]; then \
	    touch -r $(STAMP) $(BUILT) && touch $(PLAYING); \
	else \
	    echo "paiju: installing what playing needs into $(VENV) (the engines compile afterwards)" \
	    && $(PYTHON) -m venv $(VENV) \
	    && $(BIN)/pip install --quiet --upgrade pip \
	    && PAIJU_COMPILE=0 $(BIN)/pip install --quiet -e . \
	    && rm -f $(BUILT) $(FAILED) && touch $(PLAYING); \
	fi

# everything the checks need (the test and rl extras), the engines compiled now
$(STAMP): pyproject.toml setup.py src/paiju/compiled.py $(COMPILED)
	@while [ -f $(COMPILING) ] && kill -0 "$$(cat $(COMPILING))" 2>/dev/null; do \
	    echo "paiju: waiting for the engines' compile under way (tail -f $(VENV)/compile.log)"; \
	    sleep 10; \
	done
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@echo "paiju: installing the test and rl extras and compiling the engines (minutes)"
	$(BIN)/pip install --quiet -e '.[test,rl]'
	touch $(STAMP) $(PLAYING) $(BUILT)

# compiles the engines in the background unless they are compiled from these sources
# or a compile is under way; the table that opens meanwhile plays the pure engines
# (the compile runs in a session of its own, so closing the terminal does not end it; it
# writes its own id to .compiling, which it removes when it ends: a .compiling whose process
# is gone is a compile cut short, said at the next start)
compile-later: $(PLAYING)
	@if [ -f $(BUILT) ] && [ -z "$$(find src/paiju/compiled.py $(COMPILED) -newer $(BUILT))" ]; then \
	    :; \
	elif [ -f $(FAILED) ] && [ -z "$$(find src/paiju/compiled.py $(COMPILED) -newer $(FAILED))" ]; then \
	    echo "paiju: the engines did not compile here ($(VENV)/compile.log says why): the pure" \
	         "engines play"; \
	elif [ -f $(COMPILING) ] && kill -0 "$$(cat $(COMPILING))" 2>/dev/null; then \
	    echo "paiju: the engines are still compiling (tail -f $(VENV)/compile.log)"; \
	else \
	    if [ -f $(COMPILING) ]; then \
	        echo "paiju: the engines' last compile was interrupted before it finished" \
	             "($(VENV)/compile.log shows how far it got): it starts again"; \
	    fi; \
	    rm -f $(FAILED); \
	    echo "paiju: compiling the engines in the background (tail -f $(VENV)/compile.log);" \
	         "this table plays the pure-Python engines, the next start the compiled ones"; \
	    $(DETACH) sh -c 'echo $$$$ > $(COMPILING); \
	      nice -n 10 $(BIN)/pip install --no-deps -e . > $(VENV)/compile.log 2>&1 \
	      && $(BIN)/python -c "import sys, paiju.compiled as c; \
	          sys.exit(0 if c.in_use() else \"paiju runs its pure engines: \" + c.reason)" \
	         >> $(VENV)/compile.log 2>&1 \
	      && touch $(BUILT) || touch $(FAILED); rm -f $(COMPILING)' \
	      < /dev/null > /dev/null 2>&1; \
	fi

play: compile-later
	$(BIN)/paiju play lukfu $(ARGS)

serve: compile-later
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
