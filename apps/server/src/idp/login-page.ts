import { escapeHtml } from '@lokaler/domain/escape-html';
import { displayName } from './accounts';
import { IDP_PATH } from './clients';
import { htmlPage } from './html';
import { testAdmins, testCitizens } from '../seed/test-users';

export const loginTexts = {
  heading: 'Logg inn',
  pidLabel: 'Fødselsnummer',
  submit: 'Logg inn',
  unknownPid: 'Fant ingen testbruker med dette fødselsnummeret',
  invalidPid: 'Fødselsnummeret må ha 11 siffer',
  unknownUser: 'Fant ingen slik testbruker. Velg en av testbrukerne på siden.',
  cancel: 'Avbryt innloggingen',
} as const;

export interface LoginPageOptions {
  uid: string;
  kind: 'citizen' | 'admin';
  /** Shown under the fødselsnummer field after a failed TestID attempt. */
  pidError?: string;
  /** What was typed, so the person can correct it (POST body and page only, never a URL). */
  pidValue?: string;
  /** An error that belongs to no field (a test person that does not exist). */
  formError?: string;
}

/**
 * The login page, modelled on ID-porten's test login: test people as buttons and a TestID form with
 * a fødselsnummer. Both forms POST, so the number never appears in a URL. Administrators get their
 * own list (the organisation's login) and no TestID form.
 */
export function renderLoginPage(options: LoginPageOptions): string {
  const action = `${IDP_PATH}/interaction/${encodeURIComponent(options.uid)}`;
  const people = options.kind === 'citizen' ? testCitizens : testAdmins;
  const buttons = people
    .map(
      (p) =>
        `<li><button class="secondary" type="submit" name="sub" value="${escapeHtml(p.sub)}">Logg inn som ${escapeHtml(displayName(p))}</button></li>`,
    )
    .join('\n');

  const intro =
    options.kind === 'citizen'
      ? '<p>Dette er en lokal testinnlogging som erstatter ID-porten. Velg en testbruker, eller logg inn med fødselsnummeret til en testbruker.</p>'
      : '<p>Dette er en lokal testinnlogging for ansatte. Velg en testadministrator.</p>';

  const testId = options.kind === 'citizen' ? testIdForm(action, options) : '';

  return htmlPage({
    title: `${loginTexts.heading} – Lokaler`,
    brand: options.kind === 'citizen' ? 'ID-porten' : 'Oslo kommune – ansattinnlogging',
    body: `<h1>${loginTexts.heading}</h1>
${options.formError ? `<p class="error" role="alert">${escapeHtml(options.formError)}</p>` : ''}
${intro}
<section aria-labelledby="testusers-heading">
<h2 id="testusers-heading">${options.kind === 'citizen' ? 'Testbrukere' : 'Testadministratorer'}</h2>
<form method="post" action="${action}/login">
<ul class="users">
${buttons}
</ul>
</form>
</section>
${testId}
<form class="cancel" method="post" action="${action}/abort"><button class="link" type="submit">${loginTexts.cancel}</button></form>`,
  });
}

function testIdForm(action: string, options: LoginPageOptions): string {
  const invalid = options.pidError !== undefined;
  const describedBy = invalid ? 'pid-hint pid-error' : 'pid-hint';
  return `<section aria-labelledby="testid-heading">
<h2 id="testid-heading">TestID</h2>
<form method="post" action="${action}/login" novalidate>
<label for="pid">${loginTexts.pidLabel}</label>
<p class="hint" id="pid-hint">11 siffer</p>
${invalid ? `<p class="error" id="pid-error">${escapeHtml(options.pidError ?? '')}</p>` : ''}
<input type="text" id="pid" name="pid" inputmode="numeric" autocomplete="off" maxlength="11" aria-describedby="${describedBy}"${invalid ? ' aria-invalid="true"' : ''} value="${escapeHtml(options.pidValue ?? '')}">
<button class="primary" type="submit">${loginTexts.submit}</button>
</form>
</section>`;
}
