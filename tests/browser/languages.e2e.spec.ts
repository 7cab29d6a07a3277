import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { reportWeek } from '@nightlight/domain/reports/report-week.fixture';
import { instantOfLocal } from '@nightlight/domain/time/zoned-time';
import serverEnglish from '../../domain/infrastructure/src/i18n/catalogs/en.json' with { type: 'json' };
import serverGerman from '../../domain/infrastructure/src/i18n/catalogs/de.json' with { type: 'json' };
import serverSpanish from '../../domain/infrastructure/src/i18n/catalogs/es.json' with { type: 'json' };
import webEnglish from '../../web/src/lib/i18n/catalogs/en.json' with { type: 'json' };
import webGerman from '../../web/src/lib/i18n/catalogs/de.json' with { type: 'json' };
import webSpanish from '../../web/src/lib/i18n/catalogs/es.json' with { type: 'json' };
import { describeInBrowser } from './support/browser-suite';
import { artifactPath } from './support/chromium';
import { addChild, registerParent, settle, ZONE, type Parent } from './support/family';

/**
 * The walk a Spanish and a German parent take, in Chromium set to es-ES and de-DE: sign in, the
 * dashboard, every kind's Add dialog, a bottle added, insights, the report. Every screen in their
 * language (no English text of the catalogs on it, nor an English word of their choices), with
 * their formats: a 24-hour clock, their dates, a decimal comma.
 * The fixture week (domain/src/reports/report-week.fixture.ts) is logged over HTTP first.
 */

// The server's clock: 16:00 on Monday 8 June 2026 in the tests' zone, the day after the fixture
// week, running on; the browser's reads 15:45 that afternoon (an afternoon: a 12-hour clock would
// say PM). 'Last 7 days' is then Tuesday 2 to Monday 8 June.
const START = instantOfLocal('2026-06-08', '16:00', ZONE).getTime();
const BROWSER_NOW = instantOfLocal('2026-06-08', '15:45', ZONE).getTime();
const startedAt = Date.now();
const serverNow = () => new Date(START + (Date.now() - startedAt));

type Catalog = Record<string, string>;

/**
 * The English texts of both catalogs a reader of `translations` must not meet: whole texts without
 * values, four letters or more, that their language words differently.
 */
function englishTexts(english: Catalog, translations: Catalog): string[] {
  return Object.entries(english)
    .filter(([key, text]) => !/[{}]/.test(text) && text.length >= 4 && translations[key] !== text)
    .map(([, text]) => text);
}

/** The words of a message's choices ('Wet + dirty' of '{contents, select, … both {Wet + dirty} …}'), those written out whole. */
function choiceWords(text: string | undefined): string[] {
  const words: string[] = [];
  const visit = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type !== TYPE.select && element.type !== TYPE.plural) continue;
      for (const { value } of Object.values(element.options)) {
        if (value.length === 1 && value[0]!.type === TYPE.literal) words.push(value[0]!.value);
        else visit(value);
      }
    }
  };
  visit(text === undefined ? [] : parse(text));
  return words;
}

/** The English words of the catalogs' choices (a diaper's contents, a colour, a method), four letters or more, that `translations` words differently. */
function englishChoices(english: Catalog, translations: Catalog): string[] {
  return Object.entries(english).flatMap(([key, text]) => {
    const translated = new Set(choiceWords(translations[key]));
    return choiceWords(text).filter((words) => words.length >= 4 && !translated.has(words));
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts on the page now, each found as a whole phrase (not inside a longer word); a
 * citation (<cite>, the feeding guide's sources) keeps the words of what it cites.
 */
async function englishOnScreen(page: Page, texts: readonly string[]): Promise<string[]> {
  const citations = await page.locator('cite').allInnerTexts();
  const body = citations.reduce((text, citation) => text.replace(citation, ''), await page.locator('body').innerText());
  const shown = `${await page.evaluate(() => document.title)}\n${body}`;
  return texts.filter((text) => new RegExp(`(^|[^\\p{L}])${escape(text)}([^\\p{L}]|$)`, 'u').test(shown));
}

interface Walk {
  locale: string;
  lang: string;
  web: Catalog;
  server: Catalog;
  signIn: { title: string; email: string; password: string; button: string };
  dashboard: { title: string; date: string; addBottle: string; dialog: string; submit: string; timeline: string; feeding: string };
  /** A diaper's choice that shows its colours. */
  kinds: { dirty: string };
  insights: { title: string };
  report: { title: string; sheet: string; figures: string; feeds: string[]; age: string };
}

const WALKS: Walk[] = [
  {
    locale: 'es-ES',
    lang: 'es',
    web: webSpanish,
    server: serverSpanish,
    signIn: { title: 'Te damos la bienvenida a Nightlight', email: 'Correo electrónico', password: 'Contraseña', button: 'Iniciar sesión' },
    dashboard: {
      title: 'Panel de JB',
      date: 'lunes, 8 de junio de 2026 · 15:45',
      addBottle: 'Añadir toma',
      dialog: 'Añadir: Toma',
      submit: 'Añadir registro',
      timeline: 'Actividades de hoy',
      feeding: 'Toma',
    },
    kinds: { dirty: 'Sucio' },
    insights: { title: 'Estadísticas de JB' },
    report: { title: 'Informes semanales', sheet: 'JB: informe de tomas y sueño', figures: 'Cifras por día', feeds: ['Tomas', '4,7', '1–7'], age: 'Edad: 3 meses (a 8 jun 2026)' },
  },
  {
    locale: 'de-DE',
    lang: 'de',
    web: webGerman,
    server: serverGerman,
    signIn: { title: 'Willkommen bei Nightlight', email: 'E-Mail', password: 'Passwort', button: 'Anmelden' },
    dashboard: {
      title: 'Übersicht: JB',
      date: 'Montag, 8. Juni 2026 · 15:45',
      addBottle: 'Mahlzeit hinzufügen',
      dialog: 'Mahlzeit hinzufügen',
      submit: 'Eintragen',
      timeline: 'Heutige Einträge',
      feeding: 'Mahlzeit',
    },
    kinds: { dirty: 'Voll' },
    insights: { title: 'Auswertungen: JB' },
    report: { title: 'Wochenberichte', sheet: 'JB: Bericht zu Mahlzeiten und Schlaf', figures: 'Werte pro Tag', feeds: ['Mahlzeiten', '4,7', '1–7'], age: 'Alter: 3 Monate (am 8. Juni 2026)' },
  },
];

/** Signs in through the form in the walk's language; `onForm` checks the sign-in page first. */
async function signInAs(page: Page, parent: Parent, walk: Walk, onForm?: () => Promise<void>): Promise<void> {
  await page.goto('/auth/login');
  await page.getByRole('heading', { name: walk.signIn.title, level: 1 }).waitFor();
  await onForm?.();
  await page.getByLabel(walk.signIn.email).fill(parent.email);
  await page.getByLabel(walk.signIn.password).fill(parent.password);
  await page.getByRole('button', { name: walk.signIn.button }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describeInBrowser(
  'the app in Spanish and German',
  (suite) => {
    const parents = new Map<string, Parent>();

    beforeAll(async () => {
      const { server } = suite();
      for (const { locale } of WALKS) {
        const parent = await registerParent(server, `language-${locale}`);
        // A girl born on 8 March 2026: three months old on Monday 8 June, clear of every milestone alert.
        const childId = await addChild(server, parent, 'JB', '2026-03-08');
        const post = async (path: string, body: object) => {
          const answer = await server.call('POST', path, { token: parent.token, body: { childId, ...body } });
          if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        };
        const week = reportWeek('2026-06-01', ZONE);
        for (const { startedAt, endedAt, amountOz, method } of week.feedings) await post('/api/feedings', { startedAt, endedAt, amountOz, method });
        for (const { startedAt, endedAt } of week.sleeps) await post('/api/sleep', { startedAt, endedAt });
        for (const { occurredAt, contents } of week.diapers) await post('/api/diapers', { occurredAt, contents });
        parents.set(locale, parent);
      }
      await settle(suite().server);
    });

    it.each(WALKS)("walks sign-in, dashboard, every kind's Add dialog, a bottle, insights and the report in $locale, with no English and in its formats", async (walk) => {
      const { server, browser } = suite();
      const parent = parents.get(walk.locale)!;
      context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, timezoneId: ZONE, locale: walk.locale });
      context.setDefaultTimeout(10_000);
      await context.clock.setFixedTime(new Date(BROWSER_NOW));
      const page = await context.newPage();
      const english = [...englishTexts(webEnglish, walk.web), ...englishChoices(webEnglish, walk.web), ...englishTexts(serverEnglish, walk.server)];
      const noEnglish = async (screen: string) => {
        expect(await englishOnScreen(page, english), screen).toEqual([]);
        // A 24-hour clock: no time of day with AM or PM.
        expect(await page.locator('body').innerText(), screen).not.toMatch(/\d\s?(AM|PM)\b/);
        expect(await page.evaluate(() => document.documentElement.lang), screen).toBe(walk.lang);
      };

      // Sign in: the browser's language, before anyone is known.
      await signInAs(page, parent, walk, () => noEnglish('sign-in'));

      // The dashboard: its date and time in the language's own order and clock.
      await page.getByRole('heading', { name: walk.dashboard.title, level: 1 }).waitFor();
      await expect.poll(() => page.locator('.dashboard-header time').innerText()).toBe(walk.dashboard.date);
      await page.getByRole('list', { name: walk.dashboard.timeline }).waitFor();
      await noEnglish('dashboard');

      // Each kind's Add dialog: its fields and choices, and the messages of a form sent empty (but
      // pumping's, which a start alone completes), a dirty diaper's colours.
      for (const kind of ENTRY_KIND_NAMES) {
        const add = walk.web[`kind.${kind}.add`]!;
        await page.getByRole('button', { name: add, exact: true }).click();
        const form = page.getByRole('dialog');
        await form.waitFor();
        if (kind !== 'pumping') {
          await form.getByRole('button', { name: walk.dashboard.submit }).click();
          await form.locator('.field-error').first().waitFor();
        }
        await noEnglish(`${add} dialog`);
        if (kind === 'diaper') {
          await form.getByRole('radio', { name: walk.kinds.dirty, exact: true }).check();
          await form.locator('input[name="diaper-color"]').first().waitFor();
          await noEnglish(`${add} dialog, dirty`);
        }
        await form.getByRole('button', { name: walk.web['common.cancel']! }).click();
        await form.waitFor({ state: 'detached' });
      }

      // A bottle of 120 mL (the browser's language measures in millilitres), now.
      await page.getByRole('button', { name: walk.dashboard.addBottle }).click();
      const dialog = page.getByRole('dialog', { name: walk.dashboard.dialog });
      await dialog.getByRole('spinbutton', { name: /\(mL\)/ }).fill('120');
      await dialog.getByRole('button', { name: walk.dashboard.submit }).click();
      await dialog.waitFor({ state: 'detached' });
      const timeline = page.getByRole('list', { name: walk.dashboard.timeline });
      const bottle = timeline.getByRole('listitem').filter({ hasText: '15:45' });
      await expect.poll(() => bottle.locator('.entry-type').innerText()).toBe(walk.dashboard.feeding);
      await noEnglish('dashboard with the bottle');
      await page.screenshot({ path: artifactPath(`languages-${walk.lang}-dashboard.png`), fullPage: true });

      // Insights, its charts drawn.
      await page.goto('/insights');
      await page.getByRole('heading', { name: walk.insights.title, level: 1 }).waitFor();
      await expect.poll(() => page.locator('.chart-figure svg.apexcharts-svg').count()).toBeGreaterThan(0);
      await noEnglish('insights');

      // The report: the figures with a decimal comma (28 feeds over the 6 of 7 days with entries,
      // the bottle's day among them), the age and the dates in the language.
      await page.goto('/reports');
      await page.getByRole('heading', { name: walk.report.title, level: 1 }).waitFor();
      const sheet = page.getByRole('article', { name: walk.report.sheet });
      await sheet.getByText(walk.report.age).waitFor();
      const feedsRow = sheet.getByRole('table', { name: walk.report.figures }).getByRole('row').nth(1);
      expect((await feedsRow.locator('th, td').allInnerTexts()).map((text) => text.trim())).toEqual(walk.report.feeds);
      await noEnglish('report');
      await page.screenshot({ path: artifactPath(`languages-${walk.lang}-report.png`), fullPage: true });
    });

    it("follows the browser until the member picks a language in Settings, then keeps theirs on every device", async () => {
      const { server, browser } = suite();
      const parent = parents.get('es-ES')!;
      context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, timezoneId: ZONE, locale: 'es-ES' });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await signInAs(page, parent, WALKS[0]!);
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Ajustes', level: 1 }).waitFor();
      const language = page.getByLabel('Idioma');
      expect(await language.inputValue()).toBe('browser');
      await language.selectOption('de');
      // The whole app switches at once, without a reload.
      await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await page.getByLabel('Sprache').inputValue()).toBe('de');
      await context.close();

      // Another device, an English browser: the member's German.
      context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, timezoneId: ZONE, locale: 'en-US' });
      context.setDefaultTimeout(10_000);
      const other = await context.newPage();
      await other.goto('/auth/login');
      await other.getByRole('heading', { name: 'Welcome to Nightlight', level: 1 }).waitFor();
      await other.getByLabel('Email').fill(parent.email);
      await other.getByLabel('Password').fill(parent.password);
      await other.getByRole('button', { name: 'Sign In' }).click();
      await other.getByRole('heading', { name: 'Übersicht: JB', level: 1 }).waitFor();
      expect(await other.evaluate(() => document.documentElement.lang)).toBe('de');

      // Back to the browser's language: English on this one.
      await other.goto('/settings');
      await other.getByLabel('Sprache').selectOption('browser');
      await other.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await other.evaluate(() => document.documentElement.lang)).toBe('en');
    });
  },
  { clock: serverNow },
);
