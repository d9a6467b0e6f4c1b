import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
  RollbackOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { EDITABLE_CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldsSave, type CustomFieldType } from '@vigil/contracts';
import { Button, Card, Space, theme, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../ConfirmDialog.tsx';
import { useLeaveWarning } from '../useLeaveWarning.tsx';
import {
  addField,
  applyDrop,
  buildSavePayload,
  moveField,
  newField,
  removeField,
  replaceField,
  reuseField,
  split,
  type Draft,
  type DragSource,
  type DropTarget,
  type FieldList,
} from './draft.ts';
import { FieldListBox } from './FieldListBox.tsx';
import { FieldModal } from './FieldModal.tsx';
import { SortableEntry } from './SortableEntry.tsx';

export interface CustomFieldEditorProps {
  fields: CustomField[];
  /** The entity was deleted: nothing can be changed, saved or discarded. */
  deleted?: boolean;
  /** Saves the payload of spec 3 §3; answers the fields after the save. */
  onSubmit: (payload: CustomFieldsSave) => Promise<CustomField[]>;
  /** Deletes an unused field for good, by id. */
  onDeleteField: (id: string) => Promise<unknown>;
}

const typeId = (type: CustomFieldType) => `type:${type}`;
const fieldId = (field: CustomField) => `field:${field.key}`;

const dataOf = (node: Pick<Active | Over, 'data'> | null | undefined) =>
  node?.data.current as
    { source?: DragSource; list?: FieldList; label?: string; sortable?: { containerId: string; index: number } } | undefined;

/** Where a drop lands: before an entry of a list, or at the end of the list itself; the palette takes nothing. */
function dropTargetOf(over: Over | null): DropTarget | null {
  const data = dataOf(over);
  if (data?.sortable)
    return data.sortable.containerId === 'used' || data.sortable.containerId === 'unused'
      ? { list: data.sortable.containerId, index: data.sortable.index }
      : null;
  return data?.list ? { list: data.list } : null;
}

/**
 * What a drag is over: what is under the pointer (nothing: a drop there puts it back), or by
 * keyboard what the dragged entry overlaps, else the closest; entries before the list around them.
 */
const collisions: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  if (!hits.length) return args.pointerCoordinates ? [] : closestCorners(args);
  const entries = hits.filter((hit) => dataOf(args.droppableContainers.find((container) => container.id === hit.id))?.sortable);
  return entries.length ? entries : hits;
};

/** The palette never moves its entries. */
const stayInPlace = () => null;

/** The custom-field editor (spec 3 §4): drag or click a type in, edit in a modal, reorder, remove, reuse, delete. */
export function CustomFieldEditor({ fields, deleted = false, onSubmit, onDeleteField }: CustomFieldEditorProps) {
  const { t } = useTranslation('table');
  const confirm = useConfirmDialog();
  const { token } = theme.useToken();
  const [original, setOriginal] = useState(fields);
  const [draft, setDraft] = useState<Draft>(() => split(fields));
  const [editing, setEditing] = useState<{ field: CustomField; isNew: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);

  const changed = useMemo(() => JSON.stringify(split(original)) !== JSON.stringify(draft), [original, draft]);
  useLeaveWarning(changed);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const typeLabel = (type: CustomFieldType | 'lookup') => t(`customFields.type.${type}`);
  const fieldLabel = (field: CustomField) => field.name || typeLabel(field.field_type);

  const addNew = (type: CustomFieldType) => {
    const field = newField(type);
    setDraft((prev) => addField(prev, field));
    setEditing({ field, isNew: true });
  };

  const cancelEdit = () => {
    // Cancelling the modal of a new field removes it.
    if (editing?.isNew) setDraft((prev) => removeField(prev, editing.field.key));
    setEditing(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const source = dataOf(active)?.source;
    const target = dropTargetOf(over);
    if (!source || !target) return;
    const result = applyDrop(draft, source, target);
    setDraft(result.draft);
    if (result.added) setEditing({ field: result.added, isNew: true });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('customFields.dnd.start', { name: dataOf(active)?.label }),
    onDragOver: ({ active, over }) =>
      over
        ? t('customFields.dnd.over', { name: dataOf(active)?.label, target: dataOf(over)?.label })
        : t('customFields.dnd.outside', { name: dataOf(active)?.label }),
    onDragEnd: ({ active, over }) =>
      dropTargetOf(over)
        ? t('customFields.dnd.dropped', { name: dataOf(active)?.label, target: dataOf(over)?.label })
        : t('customFields.dnd.notDropped', { name: dataOf(active)?.label }),
    onDragCancel: ({ active }) => t('customFields.dnd.cancelled', { name: dataOf(active)?.label }),
  };

  const deleteForGood = (field: CustomField) =>
    confirm({
      title: t('customFields.deleteTitle', { name: field.name }),
      danger: true,
      onConfirm: async () => {
        if (field.id) await onDeleteField(field.id);
        setDraft((prev) => ({ ...prev, unused: prev.unused.filter((f) => f.key !== field.key) }));
        setOriginal((prev) => prev.filter((f) => f.key !== field.key));
      },
    });

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await onSubmit(buildSavePayload(original, draft));
      // The list is refreshed from what the server answers (permanent keys, ids).
      setOriginal(saved);
      setDraft(split(saved));
    } catch {
      // The HTTP client has shown why; the changes stay for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('customFields.dnd.instructions') } }}
      onDragStart={({ active }) => setDragging(dataOf(active)?.label ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Card size="small" title={t('customFields.types')}>
          <Typography.Paragraph type="secondary">{t('customFields.typesHelp')}</Typography.Paragraph>
          <SortableContext id="palette" items={EDITABLE_CUSTOM_FIELD_TYPES.map(typeId)} strategy={stayInPlace}>
            <div role="list" aria-label={t('customFields.types')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {EDITABLE_CUSTOM_FIELD_TYPES.map((type) => (
                <SortableEntry
                  key={type}
                  id={typeId(type)}
                  source={{ kind: 'type', type }}
                  label={typeLabel(type)}
                  disabled={deleted}
                  inline
                >
                  <Button disabled={deleted} onClick={() => addNew(type)}>
                    {typeLabel(type)}
                  </Button>
                </SortableEntry>
              ))}
              <div role="listitem">
                <Button disabled>{typeLabel('lookup')}</Button>
              </div>
            </div>
          </SortableContext>
        </Card>

        <FieldListBox list="used" title={t('customFields.used')} ids={draft.used.map(fieldId)} emptyText={t('customFields.dropHere')}>
          {draft.used.map((field, index) => (
            <SortableEntry
              key={field.key}
              id={fieldId(field)}
              source={{ kind: 'field', key: field.key, list: 'used' }}
              label={fieldLabel(field)}
              disabled={deleted}
            >
              <FieldTitle field={field} typeLabel={typeLabel(field.field_type)} />
              <Space size={4}>
                <Button
                  size="small"
                  aria-label={t('customFields.moveUp', { name: field.name })}
                  icon={<ArrowUpOutlined />}
                  disabled={deleted || index === 0}
                  onClick={() => setDraft((prev) => moveField(prev, field.key, index - 1))}
                />
                <Button
                  size="small"
                  aria-label={t('customFields.moveDown', { name: field.name })}
                  icon={<ArrowDownOutlined />}
                  disabled={deleted || index === draft.used.length - 1}
                  onClick={() => setDraft((prev) => moveField(prev, field.key, index + 1))}
                />
                <Button
                  size="small"
                  aria-label={t('customFields.edit', { name: field.name })}
                  icon={<EditOutlined />}
                  disabled={deleted}
                  onClick={() => setEditing({ field, isNew: false })}
                />
                <Button
                  size="small"
                  aria-label={t('customFields.remove', { name: field.name })}
                  icon={<RollbackOutlined />}
                  disabled={deleted}
                  onClick={() => setDraft((prev) => removeField(prev, field.key))}
                />
              </Space>
            </SortableEntry>
          ))}
        </FieldListBox>

        <FieldListBox list="unused" title={t('customFields.unused')} ids={draft.unused.map(fieldId)} emptyText={t('customFields.noFields')}>
          {draft.unused.map((field) => (
            <SortableEntry
              key={field.key}
              id={fieldId(field)}
              source={{ kind: 'field', key: field.key, list: 'unused' }}
              label={fieldLabel(field)}
              disabled={deleted}
            >
              <FieldTitle field={field} typeLabel={typeLabel(field.field_type)} />
              <Space size={4}>
                <Button
                  size="small"
                  aria-label={t('customFields.reuse', { name: field.name })}
                  icon={<UndoOutlined />}
                  disabled={deleted}
                  onClick={() => setDraft((prev) => reuseField(prev, field.key))}
                />
                {field.is_locked ? (
                  <Tooltip title={t('customFields.locked')}>
                    <span tabIndex={0} aria-label={t('customFields.locked')}>
                      <Button size="small" aria-label={t('customFields.delete', { name: field.name })} icon={<DeleteOutlined />} disabled />
                    </span>
                  </Tooltip>
                ) : (
                  <Button
                    size="small"
                    danger
                    aria-label={t('customFields.delete', { name: field.name })}
                    icon={<DeleteOutlined />}
                    disabled={deleted}
                    onClick={() => void deleteForGood(field)}
                  />
                )}
              </Space>
            </SortableEntry>
          ))}
        </FieldListBox>

        {deleted ? null : (
          <Space>
            <Button type="primary" disabled={!changed} loading={saving} onClick={() => void submit()}>
              {t('customFields.save')}
            </Button>
            <Button disabled={!changed || saving} onClick={() => setDraft(split(original))}>
              {t('customFields.discard')}
            </Button>
          </Space>
        )}
      </Space>

      {/* The copy that follows the pointer fills the size of the entry it stands for: keyboard moves measure it. */}
      <DragOverlay>
        {dragging ? (
          <div
            style={{
              width: '100%',
              height: '100%',
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              paddingInline: token.paddingXS,
              cursor: 'grabbing',
              background: token.colorBgElevated,
              border: `1px solid ${token.colorPrimary}`,
              borderRadius: token.borderRadius,
              boxShadow: token.boxShadowSecondary,
            }}
          >
            <HolderOutlined />
            {dragging}
          </div>
        ) : null}
      </DragOverlay>

      {editing ? (
        <FieldModal
          field={editing.field}
          onCancel={cancelEdit}
          onSave={(field) => {
            setDraft((prev) => replaceField(prev, field));
            setEditing(null);
          }}
        />
      ) : null}
    </DndContext>
  );
}

function FieldTitle({ field, typeLabel }: { field: CustomField; typeLabel: string }) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text strong>{`${field.name}${field.is_required ? ' *' : ''}`}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{typeLabel}</Typography.Text>
    </div>
  );
}
