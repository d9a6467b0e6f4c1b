import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/styles.css';
import { configureHttp } from './lib/http.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { clearSession } from './lib/session.ts';

async function start(): Promise<void> {
  await initI18n();
  const queryClient = createQueryClient();
  const router = createAppRouter();
  configureHttp({
    clearSession: () => clearSession(queryClient),
    replaceRoute: (path) => void router.navigate(path, { replace: true }),
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
