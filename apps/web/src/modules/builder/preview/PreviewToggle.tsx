import { EyeOutlined } from '@ant-design/icons';
import { Button, Drawer, Spin, Tooltip } from 'antd';
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILDER_PREVIEW } from '../extensions.ts';
import { useEditor } from '../state/EditorContext.tsx';

/**
 * The header's preview toggle and the panel it opens beside the editor (no mask: the builder stays
 * editable and the preview follows it). The preview itself is the lazily loaded `BUILDER_PREVIEW`.
 */
export function PreviewToggle({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t, i18n } = useTranslation('builder');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const headerBottom = useHeaderBottom(toggle, open);
  const Preview = BUILDER_PREVIEW.component;
  return (
    <>
      <Tooltip title={!Preview ? t('toolbar.preview_unavailable') : iconOnly ? t('toolbar.preview') : undefined}>
        <Button
          ref={toggle}
          icon={<EyeOutlined aria-hidden />}
          aria-label={iconOnly ? t('toolbar.preview') : undefined}
          disabled={!Preview}
          aria-pressed={open}
          type={open ? 'primary' : 'default'}
          onClick={() => setOpen(!open)}
        >
          {iconOnly ? null : t('toolbar.preview')}
        </Button>
      </Tooltip>
      {Preview && (
        <Drawer
          open={open}
          mask={false}
          rootStyle={{ insetBlockStart: headerBottom }}
          placement={i18n.dir() === 'rtl' ? 'left' : 'right'}
          size={460}
          title={t('toolbar.preview')}
          onClose={() => setOpen(false)}
          destroyOnHidden
        >
          <Suspense fallback={<Spin />}>
            <EditedPreview Preview={Preview} onClose={() => setOpen(false)} />
          </Suspense>
        </Drawer>
      )}
    </>
  );
}

/**
 * Where the header that holds the toggle ends, so the panel opens below it: the header's undo,
 * preview and publish buttons stay in reach while the preview is open.
 */
export function useHeaderBottom(ref: RefObject<HTMLButtonElement | null>, open: boolean): number {
  const [px, setPx] = useState(0);
  useEffect(() => {
    const header = ref.current?.closest('header');
    if (!open || !header) return;
    const observer = new ResizeObserver(() => setPx(header.getBoundingClientRect().bottom));
    observer.observe(header);
    return () => observer.disconnect();
  }, [ref, open]);
  return px;
}

/** Subscribes to the document only while the preview is open, so a closed preview costs typing nothing. */
function EditedPreview({ Preview, onClose }: { Preview: NonNullable<typeof BUILDER_PREVIEW.component>; onClose: () => void }) {
  const document = useEditor((state) => state.document);
  return <Preview document={document} onClose={onClose} />;
}
