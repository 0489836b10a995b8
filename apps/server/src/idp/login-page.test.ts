import { createRequire } from 'node:module';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { loginTexts, renderLoginPage } from './login-page';
import { testAdmins, testCitizens } from '../seed/test-users';

// jsdom ships no types and the server compiles without the DOM library: the little this test uses
// of both is typed here, so the server's own code cannot start using browser globals.
interface PageElement {
  id: string;
  textContent: string | null;
  value?: string;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
}
interface PageDocument {
  documentElement: { lang: string };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  getElementById(id: string): PageElement | null;
}
interface PageWindow {
  document: PageDocument;
  eval(code: string): unknown;
  close(): void;
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options?: Record<string, unknown>) => { window: PageWindow };
  VirtualConsole: new () => object;
};

/** Runs axe-core inside a jsdom window holding the page (colour contrast needs a real browser: e2e). */
async function axeViolations(html: string) {
  // A silent console: jsdom reports that it has no canvas, which axe only uses for colour checks.
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true, virtualConsole: new VirtualConsole() });
  dom.window.eval(axe.source);
  const windowAxe = (dom.window as unknown as { axe: typeof axe }).axe;
  const results = await windowAxe.run(dom.window.document as unknown as Parameters<typeof axe.run>[0], { resultTypes: ['violations'] });
  dom.window.close();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function parse(html: string): PageDocument {
  return new JSDOM(html).window.document;
}

describe('the login page', () => {
  const citizenPage = renderLoginPage({ uid: 'abc123', kind: 'citizen' });

  it('is Norwegian, has one h1 "Logg inn" and a button per test citizen', () => {
    const doc = parse(citizenPage);
    expect(doc.documentElement.lang).toBe('nb');
    expect([...doc.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Logg inn']);
    const buttons = [...doc.querySelectorAll('button')].map((b) => b.textContent);
    for (const c of testCitizens) expect(buttons).toContain(`Logg inn som ${c.givenName} ${c.familyName}`);
    expect(buttons).toContain(loginTexts.submit);
  });

  it('has a labelled Fødselsnummer field in a POST form, so the number never goes into a URL', () => {
    const doc = parse(citizenPage);
    const input = doc.querySelector('input[name="pid"]')!;
    const label = doc.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).toBe('Fødselsnummer');
    const form = input.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/idp/interaction/abc123/login');
    for (const f of doc.querySelectorAll('form')) expect(f.getAttribute('method')).toBe('post');
  });

  it('shows an unknown number as an error tied to the field, keeping what was typed', () => {
    const doc = parse(renderLoginPage({ uid: 'abc123', kind: 'citizen', pidError: loginTexts.unknownPid, pidValue: '01010112345' }));
    const input = doc.querySelector('#pid')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('01010112345');
    const describedBy = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id: string) => doc.getElementById(id)?.textContent);
    expect(describedBy).toContain('Fant ingen testbruker med dette fødselsnummeret');
  });

  it('lists the test administrators, and no fødselsnummer field, for the admin client', () => {
    const doc = parse(renderLoginPage({ uid: 'abc123', kind: 'admin' }));
    const buttons = [...doc.querySelectorAll('button')].map((b) => b.textContent);
    for (const a of testAdmins) expect(buttons).toContain(`Logg inn som ${a.givenName} ${a.familyName}`);
    for (const c of testCitizens) expect(buttons).not.toContain(`Logg inn som ${c.givenName} ${c.familyName}`);
    expect(doc.querySelector('input[name="pid"]')).toBeNull();
  });

  it('escapes what it echoes', () => {
    const html = renderLoginPage({
      uid: 'abc123',
      kind: 'citizen',
      pidError: loginTexts.invalidPid,
      pidValue: '"><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(parse(html).querySelector('#pid')!.value).toBe('"><script>alert(1)</script>');
  });

  it.each([
    ['citizen', renderLoginPage({ uid: 'abc123', kind: 'citizen' })],
    ['citizen with an error', renderLoginPage({ uid: 'abc123', kind: 'citizen', pidError: loginTexts.unknownPid, pidValue: '1' })],
    ['admin', renderLoginPage({ uid: 'abc123', kind: 'admin' })],
    ['admin with an error', renderLoginPage({ uid: 'abc123', kind: 'admin', formError: loginTexts.unknownUser })],
  ])('has no axe violations (%s)', async (_name, html) => {
    expect(await axeViolations(html)).toEqual([]);
  });

  it('would notice a violation (the axe check is live)', async () => {
    const broken = renderLoginPage({ uid: 'abc123', kind: 'citizen' }).replace('<label for="pid">Fødselsnummer</label>', '');
    expect(await axeViolations(broken)).toContain('label: #pid');
  });
});
