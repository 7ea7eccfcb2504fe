FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
# collectstatic needs settings to import; the real key comes at run time.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --system --uid 1000 league
USER league
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--config", "python:config.gunicorn"]
