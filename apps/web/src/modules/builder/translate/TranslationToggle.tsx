import { TranslationOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';

const TranslateDrawer = lazy(() => import('./TranslateDrawer.tsx').then((m) => ({ default: m.TranslateDrawer })));

/**
 * The header's translation mode toggle: rows get check boxes (the multi-select ones) and the drawer
 * beside the editor translates what is chosen. Loaded on first use: opening the builder costs nothing.
 */
export function TranslationToggle({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const on = useEditor((state) => state.translating);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Tooltip title={iconOnly ? t('translate.toggle') : undefined}>
        <Button
          ref={button}
          icon={<TranslationOutlined aria-hidden />}
          aria-label={iconOnly ? t('translate.toggle') : undefined}
          aria-pressed={on}
          type={on ? 'primary' : 'default'}
          onClick={() => store.setTranslating(!on)}
        >
          {iconOnly ? null : t('translate.toggle')}
        </Button>
      </Tooltip>
      {on && (
        <Suspense fallback={<Spin size="small" />}>
          <TranslateDrawer
            anchor={button}
            onClose={() => {
              store.setTranslating(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
