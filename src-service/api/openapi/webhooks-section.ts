/**
 * OpenAPI 3.1 `webhooks`: what FFDesk POSTs to the account's URL when a command ends
 * (docs/choices.md: Webhooks; Standard Webhooks headers).
 */
export const WEBHOOKS_SECTION = {
  commandFinished: {
    post: {
      summary: 'A command ended (SUCCESS or FAILED)',
      description:
        'Body: {"data": <the poll body of GET /v1/commands/{id}>, "timestamp": <unix ms>}. Verify webhook-signature: ' +
        'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">, keyed with the base64-decoded part of the ' +
        'secret after whsec_. Answer any 2xx within 15 s; otherwise it is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h ' +
        'with the same webhook-id.',
      parameters: [
        { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The delivery id; the same on every retry' },
        { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix seconds of this attempt' },
        { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' }, description: 'v1,<base64 signature>' },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } } },
      responses: { '200': { description: 'Any 2xx is delivery' } },
    },
  },
};
