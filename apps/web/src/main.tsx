import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadAbilityBuilder } from './app/providers/AbilityProvider.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/styles.css';
import { configureHttp } from './lib/http.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { clearSession, sessionQuery } from './lib/session.ts';

/**
 * Everything the first screen waits for is asked for in this one task, in this order: the session (then CASL's
 * code for a signed-in one), the wording, the screen's code with its data (the router's loaders); then the app
 * renders once the wording is in. One after the other, they cost a phone a second on a cold open.
 */
async function start(): Promise<void> {
  const queryClient = createQueryClient();
  // A failure stays in the query (the session gate shows it and offers to try again) or in the ability's loader.
  queryClient
    .fetchQuery(sessionQuery)
    .then((session) => session && loadAbilityBuilder())
    .catch(() => undefined);
  const wording = initI18n();
  const router = createAppRouter();
  configureHttp({
    clearSession: () => clearSession(queryClient),
    replaceRoute: (path) => void router.navigate(path, { replace: true }),
  });
  await wording;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
