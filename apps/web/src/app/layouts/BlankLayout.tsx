import { Outlet } from 'react-router';
import { PlainLayout } from '../../components/PlainLayout.tsx';
import { LanguageSwitcher } from '../header/LanguageSwitcher.tsx';
import { SkinSwitcher } from '../header/SkinSwitcher.tsx';
import { useRouteMeta } from '../useRouteMeta.ts';
import { AccessGate } from './AccessGate.tsx';
import { SessionGate } from './SessionGate.tsx';

/** Full-page screens without menu: login, error pages, plans, template builder; the inspection screen edge to edge. */
export function BlankLayout() {
  const fullScreen = useRouteMeta()?.fullScreen === true;
  return (
    <SessionGate>
      <PlainLayout>
        {!fullScreen && (
          <header className="blank-header">
            <LanguageSwitcher />
            <SkinSwitcher />
          </header>
        )}
        <main className={fullScreen ? 'blank-content blank-content-full' : 'blank-content'}>
          <AccessGate>
            <Outlet />
          </AccessGate>
        </main>
      </PlainLayout>
    </SessionGate>
  );
}
