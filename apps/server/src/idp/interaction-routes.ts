import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { acrFor, findCitizenByPid, findLocalAccount, type LocalAccount } from './accounts';
import { clientKindOf, IDP_PATH, resourceOf } from './clients';
import { htmlPage, LOGOUT_SCRIPT_PATH, logoutScript, STYLESHEET_PATH, stylesheet } from './html';
import { loginTexts, renderLoginPage } from './login-page';
import { API_SCOPES } from './provider';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
interface UidParams {
  uid: string;
}
type FormBody = Record<string, string | undefined>;

/**
 * Our own login and consent steps (oidc-provider's devInteractions are off). Login and consent finish
 * in one step: choosing a person also grants the portal or admin client the scopes it asked for.
 */
export function interactionRoutes(provider: Provider, config: Config) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // Plain HTML forms post urlencoded bodies; this parser is scoped to these routes.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    // None of these belong in /api/docs.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });

    app.get(STYLESHEET_PATH, (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
    );
    app.get(LOGOUT_SCRIPT_PATH, (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(logoutScript),
    );

    app.get<{ Params: UidParams }>(`${IDP_PATH}/interaction/:uid`, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return reply;
      const kind = clientKind(interaction);
      if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
        // Already logged in (e.g. a new tab): no consent screen, the grant is given at once.
        const grantId = await saveGrant(interaction, interaction.session.accountId);
        return finish(request, reply, { consent: { grantId } }, true);
      }
      return sendPage(reply, 200, renderLoginPage({ uid: interaction.uid, kind }));
    });

    app.post<{ Params: UidParams; Body: FormBody | undefined }>(`${IDP_PATH}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return reply;
      const kind = clientKind(interaction);
      const body = request.body ?? {};
      const chosen = chooseAccount(kind, body);
      if ('error' in chosen) {
        const page =
          chosen.field === 'pid'
            ? renderLoginPage({ uid: interaction.uid, kind, pidError: chosen.error, pidValue: body.pid ?? '' })
            : renderLoginPage({ uid: interaction.uid, kind, formError: chosen.error });
        return sendPage(reply, 400, page);
      }
      const accountId = chosen.account.person.sub;
      const grantId = await saveGrant(interaction, accountId);
      const amr = chosen.account.kind === 'citizen' ? ['TestID'] : ['pwd'];
      return finish(request, reply, { login: { accountId, acr: acrFor(chosen.account), amr }, consent: { grantId } }, false);
    });

    app.post<{ Params: UidParams }>(`${IDP_PATH}/interaction/:uid/abort`, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return reply;
      return finish(request, reply, { error: 'access_denied', error_description: 'Innloggingen ble avbrutt' }, false);
    });
  };

  async function loadInteraction(request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch {
      // No or expired interaction cookie: the login has to start again from the application.
    }
    await sendPage(
      reply,
      400,
      htmlPage({
        title: 'Innloggingen er utløpt',
        brand: 'Lokaler – innlogging',
        body: '<h1>Innloggingen er utløpt</h1><p>Innloggingen er utløpt eller ugyldig. Gå tilbake til Lokaler og logg inn på nytt.</p>',
      }),
    );
    return undefined;
  }

  function clientKind(interaction: Interaction): 'citizen' | 'admin' {
    // Only the two registered clients can reach an interaction; anything else is treated as the portal.
    return clientKindOf(config.oidc, String(interaction.params.client_id)) ?? 'citizen';
  }

  async function saveGrant(interaction: Interaction, accountId: string): Promise<string> {
    const grant = new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    grant.addResourceScope(resourceOf(config.oidc, String(interaction.params.client_id)), API_SCOPES);
    return grant.save();
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
    mergeWithLastSubmission: boolean,
  ): Promise<FastifyReply> {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission });
    return reply.redirect(returnTo, 303);
  }
}

type Choice = { account: LocalAccount } | { error: string; field: 'pid' | 'form' };

/** The person chosen on the page: a button (sub) of the right list, or a citizen's fødselsnummer. */
function chooseAccount(kind: 'citizen' | 'admin', body: FormBody): Choice {
  if (kind === 'citizen' && body.sub === undefined) {
    const pid = (body.pid ?? '').replace(/\s/g, '');
    if (!/^\d{11}$/.test(pid)) return { error: loginTexts.invalidPid, field: 'pid' };
    const citizen = findCitizenByPid(pid);
    return citizen ? { account: { kind: 'citizen', person: citizen } } : { error: loginTexts.unknownPid, field: 'pid' };
  }
  const account = body.sub === undefined ? undefined : findLocalAccount(body.sub);
  // A hand-made POST must not log an administrator into the portal or the other way round.
  return account?.kind === kind ? { account } : { error: loginTexts.unknownUser, field: 'form' };
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // The page may show a typed fødselsnummer: never cache it.
      .header('cache-control', 'no-store')
      .send(html)
  );
}
