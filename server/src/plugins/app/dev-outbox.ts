// Development only: the latest outbox messages as a small page and as JSON (the end-to-end test
// reads the verification code from /dev/outbox.json). Never registered outside development.
import fp from 'fastify-plugin';

const LATEST = 50;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export default fp(
  async (app) => {
    app.get('/dev/outbox.json', async () => {
      const rows = await app.services.outbox.latest(LATEST);
      return rows.map((row) => ({
        channel: row.channel,
        target: row.target,
        subject: row.subject,
        body: row.body,
        createdAt: row.created_at,
      }));
    });

    app.get('/dev/outbox', async (request, reply) => {
      const t = request.t;
      const rows = await app.services.outbox.latest(LATEST);
      const header = ['createdAt', 'channel', 'target', 'subject', 'body'].map((k) => `<th>${escapeHtml(t(`devOutbox.${k}`))}</th>`).join('');
      const body = rows
        .map((row) =>
          `<tr>${[row.created_at, row.channel, row.target, row.subject, row.body].map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`,
        )
        .join('');
      const table = rows.length ? `<table><tr>${header}</tr>${body}</table>` : `<p>${escapeHtml(t('devOutbox.empty'))}</p>`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${request.locale}"><meta charset="utf-8"><title>${escapeHtml(t('devOutbox.title'))}</title>` +
            '<style>body{font:14px system-ui;margin:2rem}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}table{border-collapse:collapse}</style>' +
            `<h1>${escapeHtml(t('devOutbox.title'))}</h1>${table}</html>`,
        );
    });
  },
  { name: 'dev-outbox', dependencies: ['session', 'i18n'] },
);
