import { dependenciesOf, unlinkItems, type ItemDependency, type TemplateDocument } from '@vigil/checklist';
import { Alert, Button, Empty, Flex, Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToItem } from '../components/useBuilderCommands.tsx';
import type { BuilderModalProps } from '../extensions.ts';
import { itemsById, useEditorStore } from '../state/EditorContext.tsx';

const DIRECTIONS = ['used_by', 'uses'] as const;
const sameLink = (a: ItemDependency, b: ItemDependency) => a.direction === b.direction && a.id === b.id;

/**
 * An item's links to other items both ways (`dependenciesOf`), each removable with `unlinkItems`:
 * removals collect in a draft and Save hands them to the builder as one undo step.
 */
export function ConflictModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t, i18n } = useTranslation(['builder-modals', 'builder']);
  const store = useEditorStore();
  const [draft, setDraft] = useState<TemplateDocument>(document);
  const before = useMemo(() => dependenciesOf(document, itemId), [document, itemId]);
  const links = useMemo(() => dependenciesOf(draft, itemId), [draft, itemId]);
  const item = document.items.find((entry) => entry.id === itemId);
  if (!item) return null;
  const byId = itemsById(draft.items);
  const titleOf = (id: string) => {
    const other = byId.get(id);
    return other ? other.title || t(`builder:types.${other.type}`) : id;
  };
  const title = titleOf(itemId);
  const removed = before.filter((link) => !links.some((other) => sameLink(link, other))).length;

  /** Shows the other item; removals made so far are applied first, so none is lost by looking. */
  const reveal = (id: string) => {
    if (removed > 0) onApply(draft);
    else onClose();
    store.reveal(id, scrollToItem);
  };

  const list = new Intl.ListFormat(i18n.language, { type: 'unit' });
  const kindsOf = (link: ItemDependency) =>
    link.kinds.map((kind) => (
      <Tag key={kind}>
        {kind === 'rule' && link.actions.length > 0
          ? t('conflict.rule_actions', { actions: list.format(link.actions.map((action) => t(`rules.actions.${action}`))) })
          : t(`conflict.kinds.${kind}`)}
      </Tag>
    ));

  return (
    <Modal
      open={open}
      title={t('conflict.title', { title })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: removed === 0 }}
      onOk={() => onApply(draft)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('conflict.intro')}</Typography.Paragraph>
      {before.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conflict.empty', { title })} />
      ) : (
        DIRECTIONS.map((direction) => {
          const group = links.filter((link) => link.direction === direction);
          const headingId = `conflict-${direction}`;
          return (
            <section key={direction} aria-labelledby={headingId} data-testid={`conflict-${direction}`}>
              <Typography.Title level={5} id={headingId}>
                {t(`conflict.${direction}`, { title })}
              </Typography.Title>
              {group.length === 0 ? (
                <Typography.Paragraph type="secondary">{t('conflict.none')}</Typography.Paragraph>
              ) : (
                <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 12px' }}>
                  {group.map((link) => (
                    <li key={link.id} data-testid="conflict-link" style={{ paddingBlock: 4 }}>
                      <Flex wrap align="center" gap={8} justify="space-between">
                        <Flex wrap align="center" gap={4}>
                          <Button type="link" style={{ paddingInline: 0 }} onClick={() => reveal(link.id)}>
                            <bdi>{titleOf(link.id)}</bdi>
                          </Button>
                          {kindsOf(link)}
                        </Flex>
                        <Button
                          size="small"
                          aria-label={t('conflict.remove_label', { title: titleOf(link.id) })}
                          onClick={() => setDraft(unlinkItems(draft, link.from, link.to))}
                        >
                          {t('conflict.remove')}
                        </Button>
                      </Flex>
                      {link.kinds.includes('calculation') && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('conflict.calculation_hint')}
                        </Typography.Text>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      <div role="status">{removed > 0 && <Alert type="info" showIcon title={t('conflict.pending', { count: removed })} />}</div>
    </Modal>
  );
}
