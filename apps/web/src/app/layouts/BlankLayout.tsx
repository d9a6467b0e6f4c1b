import { Outlet } from 'react-router';
import { PlainLayout } from '../../components/PlainLayout.tsx';
import { LanguageSwitcher } from '../header/LanguageSwitcher.tsx';
import { SkinSwitcher } from '../header/SkinSwitcher.tsx';
import { AccessGate } from './AccessGate.tsx';
import { SessionGate } from './SessionGate.tsx';

/** Full-page screens without menu: login, error pages, plans, template builder. */
export function BlankLayout() {
  return (
    <SessionGate>
      <PlainLayout>
        <header className="blank-header">
          <LanguageSwitcher />
          <SkinSwitcher />
        </header>
        <main className="blank-content">
          <AccessGate>
            <Outlet />
          </AccessGate>
        </main>
      </PlainLayout>
    </SessionGate>
  );
}
