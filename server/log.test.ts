/** The default logger (pino): JSON lines, the request's scope on each, secrets and personal data censored. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { pinoLogger, requestLogFields } from './log';
import { runInScope } from './observability/request-scope';

function collected(): { lines: () => Record<string, unknown>[]; text: () => string; destination: Writable } {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { destination, text: () => text, lines: () => text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('pinoLogger', () => {
  it('writes one JSON object a line, with the level, time and message', () => {
    const sink = collected();
    const logger = pinoLogger({ level: 'info', destination: sink.destination });
    logger.info('[test] hello', { count: 2 });
    logger.warn('[test] careful');
    logger.error('[test] failed', new Error('boom'));
    const [info, warn, error] = sink.lines();
    expect(info).toMatchObject({ level: 'info', msg: '[test] hello', count: 2 });
    expect(typeof info!.time).toBe('string');
    expect(warn).toMatchObject({ level: 'warn', msg: '[test] careful' });
    expect(error).toMatchObject({ level: 'error', msg: '[test] failed', err: { type: 'Error', message: 'boom' } });
  });

  it("puts the request's id, route, partner and operation on every line written in its scope, and none outside", () => {
    const sink = collected();
    const logger = pinoLogger({ level: 'info', destination: sink.destination });
    runInScope({ requestId: 'req-12345678', route: '/public_graphql/', partner: 'acme', operation: 'SearchListings' }, () => logger.info('inside'));
    logger.info('outside');
    const [inside, outside] = sink.lines();
    expect(inside).toMatchObject({ requestId: 'req-12345678', route: '/public_graphql/', partner: 'acme', operation: 'SearchListings' });
    expect(outside).not.toHaveProperty('requestId');
  });

  it('censors credentials and personal data wherever they are logged: fields, headers, error properties', () => {
    const sink = collected();
    const logger = pinoLogger({ level: 'info', destination: sink.destination });
    const secrets = ['ada@example.com', 'Correct-Horse-Battery-9', 'tok_5ecret', 'Token abc123', 'sessionid=s3ss', '+18015550100', '203.0.113.9'];
    logger.info('request', {
      req: { method: 'POST', headers: { authorization: 'Token abc123', cookie: 'sessionid=s3ss', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'probe' } },
    });
    logger.info('fields', { email: 'ada@example.com', user: { password: 'Correct-Horse-Battery-9', phone: '+18015550100' }, link: { query: { token: 'tok_5ecret' } } });
    logger.error('db', Object.assign(new Error('duplicate key'), { detail: 'Key (email)=(ada@example.com) already exists.' }));
    for (const secret of secrets) expect(sink.text()).not.toContain(secret);
    const [request, fields] = sink.lines();
    expect(request).toMatchObject({ req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'probe' } } });
    expect(fields).toMatchObject({ email: '[redacted]', user: { password: '[redacted]' }, link: { query: { token: '[redacted]' } } });
  });

  it("writes a request's line with its headers' credentials, signatures and addresses censored as they are built", () => {
    const sink = collected();
    const logger = pinoLogger({ level: 'info', destination: sink.destination });
    const headers = {
      authorization: 'Token abc123',
      cookie: 'sessionid=s3ss',
      'x-csrftoken': 'csrf-value-1',
      'stripe-signature': 't=1,v1=sig-value-2',
      'x-partner-api-key': 'key-value-3',
      'x-forwarded-for': '203.0.113.9',
      referer: 'https://homes.example/reset/reset-token-4',
      'user-agent': 'probe',
      'content-type': 'application/json',
    };
    logger.info('request', requestLogFields({ method: 'POST', headers } as unknown as IncomingMessage, 200, 1.5));
    for (const secret of ['abc123', 's3ss', 'csrf-value-1', 'sig-value-2', 'key-value-3', '203.0.113.9', 'reset-token-4']) expect(sink.text()).not.toContain(secret);
    expect(sink.lines()[0]).toMatchObject({ msg: 'request', req: { method: 'POST', headers: { 'user-agent': 'probe', 'content-type': 'application/json', authorization: '[redacted]' } }, res: { status: 200 }, ms: 1.5 });
  });

  it('takes HEARTH_LOG_LEVEL, and logs at info with a warning when it names no level', () => {
    const before = process.env.HEARTH_LOG_LEVEL;
    try {
      process.env.HEARTH_LOG_LEVEL = 'warn';
      const warnOnly = collected();
      pinoLogger({ destination: warnOnly.destination }).info('dropped');
      expect(warnOnly.text()).toBe('');
      process.env.HEARTH_LOG_LEVEL = 'verbose';
      const misspelt = collected();
      pinoLogger({ destination: misspelt.destination }).info('kept');
      expect(misspelt.lines().map((line) => [line.level, line.msg])).toEqual([
        ['warn', 'HEARTH_LOG_LEVEL "verbose" is none of trace, debug, info, warn, error, fatal, silent: logging at info'],
        ['info', 'kept'],
      ]);
    } finally {
      if (before === undefined) delete process.env.HEARTH_LOG_LEVEL;
      else process.env.HEARTH_LOG_LEVEL = before;
    }
  });

  it('writes nothing at level silent (the default under vitest)', () => {
    const sink = collected();
    pinoLogger({ level: 'silent', destination: sink.destination }).error('nothing');
    expect(sink.text()).toBe('');
  });
});
