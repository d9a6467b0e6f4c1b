import { LockOutlined, MoreOutlined } from '@ant-design/icons';
import { toggleItemOption, type Item } from '@vigil/checklist';
import type { PlanFeature } from '@vigil/contracts';
import { Button, Dropdown, Grid, Space, Tooltip, type MenuProps } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireFeature } from '../../../components/useRequireFeature.tsx';
import { useSession } from '../../../lib/session.ts';
import { BUILDER_MODALS, type ModalAction } from '../extensions.ts';
import { itemActions, type ItemAction } from '../item-actions.ts';
import type { EditorState } from '../state/editor-store.ts';
import { itemsById, useEditor, useEditorSlice, useEditorStore } from '../state/EditorContext.tsx';
import { ImageMarkerUpgrade } from './ImageMarkerUpgrade.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

interface Entry {
  key: string;
  label: string;
  pressed?: boolean;
  disabled: boolean;
  reason?: string;
  locked: boolean;
  danger?: boolean;
  run: () => void;
}

const NO_FEATURES: Partial<Record<PlanFeature, boolean>> = {};

const sameActions = (a: readonly ItemAction[], b: readonly ItemAction[]) =>
  a.length === b.length && a.every((action, i) => JSON.stringify(action) === JSON.stringify(b[i]));

/**
 * An item's actions (spec 2 §2): inline on wide screens, the same entries in a dropdown on narrow
 * ones. Toggles flip options; modal actions open what `BUILDER_MODALS` registers. Typing in the
 * item's title re-renders the bar (its label names the item) but not its buttons: the actions are
 * kept while they are the same, and so are the buttons made from them.
 */
export function ItemActionBar({ item }: { item: Item }) {
  const { t } = useTranslation(['builder', 'checklist']);
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const requireFeature = useRequireFeature();
  const features = useSession()?.features ?? NO_FEATURES;
  const document = useEditor((state) => state.document);
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<ModalAction | null>(null);
  const [upgrade, setUpgrade] = useState(false);
  const selectActions = useCallback(
    (state: EditorState) => {
      const current = itemsById(state.document.items).get(item.id);
      return current ? itemActions(state.document, current, features) : [];
    },
    [item.id, features],
  );
  const actions = useEditorSlice(selectActions, sameActions);
  const title = item.title || t(`types.${item.type}`);

  const entries = useMemo(() => {
    const entryOf = (action: ItemAction): Entry => {
      if (action.kind === 'toggle') {
        return {
          key: action.key,
          label: t(`action_bar.${action.key}`),
          pressed: action.on,
          disabled: false,
          locked: false,
          run: () => commands.run((doc) => toggleItemOption(doc, item.id, action.key)),
        };
      }
      if (action.kind === 'command') {
        return {
          key: action.key,
          label: t(`action_bar.${action.key}`),
          disabled: false,
          locked: false,
          danger: action.key === 'delete',
          run: () => (action.key === 'copy' ? commands.copy([item.id]) : commands.remove([item.id])),
        };
      }
      const reason = action.refusal
        ? t(`checklist:messages.${action.refusal.code}`, action.refusal.params)
        : !action.registered && !action.locked
          ? t(action.key === 'image_marker' ? 'action_bar.image_marker_editor' : 'action_bar.not_available')
          : undefined;
      return {
        key: action.key,
        label: t(`action_bar.${action.key}`),
        disabled: reason !== undefined,
        reason,
        locked: action.locked,
        run: () => {
          if (action.key === 'image_marker' && action.locked) setUpgrade(true);
          else if (action.locked && action.feature) requireFeature(action.feature, () => setOpen(action.key));
          else setOpen(action.key);
        },
      };
    };
    return actions.map(entryOf);
  }, [actions, item.id, t, commands, requireFeature]);
  const Modal = open ? BUILDER_MODALS[open] : undefined;

  const buttons = useMemo(
    () =>
      entries.map((entry) => {
        const button = (
          <Button
            key={entry.key}
            size="small"
            type={entry.pressed ? 'primary' : 'default'}
            aria-pressed={entry.pressed}
            danger={entry.danger}
            disabled={entry.disabled}
            icon={entry.locked ? <LockOutlined aria-hidden /> : undefined}
            data-action={entry.key}
            onClick={(event) => {
              event.stopPropagation();
              entry.run();
            }}
          >
            {entry.label}
          </Button>
        );
        return entry.reason ? (
          <Tooltip key={entry.key} title={entry.reason}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      }),
    [entries],
  );

  const menu = useMemo(
    () => (
      <Dropdown
        trigger={['click']}
        menu={{
          items: entries.map((entry): NonNullable<MenuProps['items']>[number] => ({
            key: entry.key,
            label: entry.reason ? `${entry.label} (${entry.reason})` : entry.label,
            disabled: entry.disabled,
            danger: entry.danger,
            icon: entry.locked ? <LockOutlined aria-hidden /> : undefined,
            extra: entry.pressed === undefined ? undefined : entry.pressed ? '✓' : '',
          })),
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            entries.find((entry) => entry.key === key)?.run();
          },
        }}
      >
        <Button size="small" icon={<MoreOutlined aria-hidden />} onClick={(event) => event.stopPropagation()}>
          {t('action_bar.more')}
        </Button>
      </Dropdown>
    ),
    [entries, t],
  );

  const bar = screens.lg ? (
    <Space wrap size={4} role="toolbar" aria-label={t('action_bar.label', { title })}>
      {buttons}
    </Space>
  ) : (
    menu
  );

  return (
    <>
      {bar}
      <ImageMarkerUpgrade open={upgrade} onClose={() => setUpgrade(false)} />
      {Modal && (
        <Suspense fallback={null}>
          <Modal
            document={document}
            itemId={item.id}
            open
            onApply={(next) => {
              commands.applyDocument(next);
              setOpen(null);
            }}
            onClose={() => {
              setOpen(null);
              store.select(item.id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
