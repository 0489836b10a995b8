import { escapeHtml } from '@lokaler/domain/escape-html';
import { IDP_PATH } from './clients';

export const STYLESHEET_PATH = `${IDP_PATH}/assets/idp.css`;
export const LOGOUT_SCRIPT_PATH = `${IDP_PATH}/assets/logout.js`;

/**
 * The frame of every page of the local provider: Norwegian, one h1 (in `body`), a banner that says
 * this is a test login. Styles and scripts are files, not inline, so a strict CSP can apply.
 */
export function htmlPage(options: { title: string; brand: string; body: string; scripts?: string[] }): string {
  const scripts = (options.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!DOCTYPE html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${scripts}
</head>
<body>
<header class="banner"><p class="brand">${escapeHtml(options.brand)}</p><p class="env">Lokalt testmiljø</p></header>
<main class="card">
${options.body}
</main>
</body>
</html>`;
}

export const stylesheet = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1e2b3c;background:#f3f4f6}
.banner{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1.5rem;background:#0062ba;color:#fff}
.banner p{margin:0}.brand{font-weight:700;font-size:1.25rem}.env{font-size:.9rem}
.card{max-width:34rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{margin-top:0;font-size:2rem}h2{font-size:1.25rem;margin:1.75rem 0 .5rem}
ul.users{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
button{font:inherit;cursor:pointer;border-radius:.25rem;padding:.625rem 1rem;border:2px solid #0062ba}
button.primary{background:#0062ba;color:#fff}
button.secondary{background:#fff;color:#0062ba;width:100%;text-align:left}
button.link{background:none;border:none;color:#0062ba;text-decoration:underline;padding:0}
button:focus-visible,input:focus-visible{outline:3px solid #1e2b3c;outline-offset:2px}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{font:inherit;width:100%;max-width:16rem;padding:.5rem;border:2px solid #68707c;border-radius:.25rem;margin-bottom:.75rem;display:block}
input[aria-invalid=true]{border-color:#c30000}
.error{color:#c30000;font-weight:600;margin:.25rem 0 .75rem}
.hint{color:#4b5563;font-size:.95rem;margin:0 0 .5rem}
.cancel{margin-top:2rem}
`;

/** Submits the logout confirmation at once: ID-porten logs out without asking again. */
export const logoutScript = `document.getElementById('op.logoutForm')?.submit();`;
