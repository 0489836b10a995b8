import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '@lokaler/domain/escape-html';
import { htmlPage, LOGOUT_SCRIPT_PATH } from './html';

const BRAND = 'Lokaler – innlogging';

/** Shown instead of a redirect when the request cannot go back to the client (e.g. an unknown redirect_uri). */
export async function errorPage(ctx: KoaContextWithOIDC, out: ErrorOut): Promise<void> {
  ctx.type = 'html';
  ctx.body = htmlPage({
    title: 'Innloggingen feilet',
    brand: BRAND,
    body: `<h1>Innloggingen feilet</h1>
<p>Noe gikk galt ved innloggingen. Gå tilbake og prøv igjen.</p>
<p class="hint">Feilkode: <code>${escapeHtml(out.error)}</code>${out.error_description ? ` – ${escapeHtml(out.error_description)}` : ''}</p>`,
  });
}

/**
 * RP-initiated logout. oidc-provider wants a confirmation POST (with its xsrf value); like ID-porten we
 * do not ask the person again: a script submits it at once, the button is there without JavaScript.
 */
export async function logoutPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = 'html';
  ctx.body = htmlPage({
    title: 'Logger ut',
    brand: BRAND,
    scripts: [LOGOUT_SCRIPT_PATH],
    body: `<h1>Logger ut</h1>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<p>Du blir logget ut av Lokaler.</p>
<button class="primary" type="submit" form="op.logoutForm">Logg ut</button>`,
  });
}

/** Only reached when the logout request named no post_logout_redirect_uri. */
export async function loggedOutPage(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = htmlPage({ title: 'Du er logget ut', brand: BRAND, body: '<h1>Du er logget ut</h1><p>Du kan nå lukke dette vinduet.</p>' });
}
