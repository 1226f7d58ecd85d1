# One image for every Kinetic process (docs/decisions/0041-image-and-manifests.md). Pods pick the
# process by command: `python -m edge`, `python -m services.<name>`, or the migrations,
# `python -m services.<name>.migrate`. Build: `docker build -t kinetic:dev .`
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# --- build: a virtual environment with the runtime dependencies, pinned by constraints.txt ---------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
WORKDIR /src
COPY pyproject.toml constraints.txt ./
# Only [project] dependencies (not the dev extra), each at its constraints.txt pin, and only as
# wheels: nothing is compiled, so neither stage needs a compiler.
RUN python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" > requirements.txt \
 && python -m venv /opt/kinetic \
 && /opt/kinetic/bin/pip install --only-binary=:all: -c constraints.txt -r requirements.txt \
 && /opt/kinetic/bin/pip uninstall --yes pip setuptools
COPY kinetic /app/kinetic
COPY knowledge /app/knowledge
COPY services /app/services
COPY edge /app/edge
# Compiled here because the root filesystem is read-only in the pods.
RUN /opt/kinetic/bin/python -m compileall -q /app

# --- runtime: the interpreter, the environment and the code; no pip, no compiler, no shell tools added
FROM ${PYTHON_IMAGE} AS runtime
ENV PATH=/opt/kinetic/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    KINETIC_LISTEN_HOST=0.0.0.0 \
    KINETIC_EDGE_HOST=0.0.0.0
COPY --from=build /opt/kinetic /opt/kinetic
COPY --from=build /app /app
# A fixed numeric user, so Kubernetes can check runAsNonRoot without a passwd lookup.
RUN groupadd --system --gid 10001 kinetic \
 && useradd --system --uid 10001 --gid kinetic --no-create-home --shell /usr/sbin/nologin kinetic
USER 10001:10001
WORKDIR /app
EXPOSE 8080 50151 50152 50153 50154
CMD ["python", "-m", "edge"]
