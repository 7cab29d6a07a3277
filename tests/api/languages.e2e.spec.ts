import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The API's texts in the reader's language: the signed-in member's choice (PATCH /api/me {locale}),
 * else the request's Accept-Language, else English; each refusal carries a `code` that is the same
 * in every language.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tooShort = (language?: string) =>
  server.call('POST', '/api/auth/register', { body: { email: newEmail('languages'), password: 'Sh0rt', referralCode: 'TEST42' }, headers: language ? { 'accept-language': language } : {} });

describe("the API's texts", () => {
  it('answers a 400 in Spanish with Accept-Language: es, with the code it has in English', async () => {
    const spanish = await tooShort('es-ES,es;q=0.9,en;q=0.5');
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      message: 'La contraseña debe tener al menos 8 caracteres',
      code: 'account.passwordTooShort',
      issues: [{ path: 'password', message: 'La contraseña debe tener al menos 8 caracteres', code: 'account.passwordTooShort' }],
    });
    const english = await tooShort();
    expect(english.body).toEqual({
      message: 'Password must be at least 8 characters',
      code: 'account.passwordTooShort',
      issues: [{ path: 'password', message: 'Password must be at least 8 characters', code: 'account.passwordTooShort' }],
    });
    // A language the API does not speak, and a refused one, leave English.
    expect((await tooShort('ja-JP, es;q=0')).body.message).toBe('Password must be at least 8 characters');
  });

  it("speaks the member's chosen language whatever the browser asks, and the browser's again once the choice is taken back", async () => {
    const { token } = await registerParent(server, 'languages');
    const missing = () => server.call('GET', `/api/children/${randomUUID()}`, { token, headers: { 'accept-language': 'fr-FR' } });
    expect((await missing()).body).toEqual({ message: 'Enfant introuvable', code: 'child.notFound' });

    const chosen = await server.call('PATCH', '/api/me', { token, body: { locale: 'de' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.locale).toBe('de');
    const seen = { 'x-min-position': String(chosen.body.position ?? 0) };
    expect((await server.call('GET', '/api/me', { token, headers: seen })).body.locale).toBe('de');
    expect((await server.call('GET', `/api/children/${randomUUID()}`, { token, headers: { 'accept-language': 'fr-FR', ...seen } })).body).toEqual({ message: 'Kind nicht gefunden', code: 'child.notFound' });

    const followed = await server.call('PATCH', '/api/me', { token, body: { locale: null } });
    expect(followed.body.locale).toBeNull();
    expect((await server.call('GET', `/api/children/${randomUUID()}`, { token, headers: { 'accept-language': 'fr-FR', 'x-min-position': String(followed.body.position ?? 0) } })).body).toEqual({
      message: 'Enfant introuvable',
      code: 'child.notFound',
    });
  });

  it('refuses a language it does not speak, in the language asked for', async () => {
    const { token } = await registerParent(server, 'languages');
    const refused = await server.call('PATCH', '/api/me', { token, body: { locale: 'it' }, headers: { 'accept-language': 'es' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'El idioma debe ser en, es, de o fr, o null para seguir al navegador', code: 'account.locale' });
  });

  it("words the report's age and feeding guide in the reader's language, and keeps its figures", async () => {
    const { token } = await registerParent(server, 'languages');
    const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Robin', birthDate: '2025-05-10', sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    const report = (language: string) =>
      server.call('GET', `/api/children/${child.body.id}/report?from=2025-08-03&to=2025-08-09`, { token, headers: { 'accept-language': language, 'x-min-position': String(child.body.position) } });

    const english = await report('en-US');
    expect(english.body.age).toEqual({ days: 91, text: '2 months 30 days' });
    expect(english.body.milestone).toMatchObject({ label: '2 months', amountPerFeeding: '4–5 oz (120–150 mL)', feedingsPerDay: '6–7' });

    const french = await report('fr-CH');
    expect(french.status).toBe(200);
    expect(french.body.age).toEqual({ days: 91, text: '2 mois et 30 jours' });
    expect(french.body.milestone).toMatchObject({ key: english.body.milestone.key, label: '2 mois', feedingsPerDay: '6–7' });
  });
});
