# The pad's engine offline needs Pyodide's runtime files (docs/pad.md, "The
# engine in the browser"): fetched by npm in a stage of their own, so the
# service's image carries the files and no Node.
FROM node:20-slim AS pyodide
WORKDIR /build
COPY package.json package-lock.json Makefile ./
RUN apt-get update && apt-get install -y --no-install-recommends make && rm -rf /var/lib/apt/lists/* \
    && make pyodide

# The rules engine compiled by mypyc (docs/engine-api.md, "The compiled
# build"), in an image that has a C compiler; the service's image takes only
# build/engine/, and runs the pure engine if the build is ever missing.
FROM python:3.11 AS engine
WORKDIR /build
COPY Makefile requirements.txt requirements-dev.txt ./
COPY scoring ./scoring
RUN make engine-fast

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
COPY --from=pyodide /build/vendor ./vendor
COPY --from=engine /build/build/engine ./build/engine
# collectstatic needs settings to import; the real key comes at run time.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --system --uid 1000 league
USER league
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--config", "python:config.gunicorn"]
