import { ApartmentOutlined, DeleteOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { NAME_MAX, type SiteStructure } from '@vigil/contracts';
import { Alert, Button, Card, Empty, Form, Input, Space, Spin, Switch, Tree, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useLeaveWarning } from '../../../components/useLeaveWarning.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { HttpError } from '../../../lib/http.ts';
import { useSaveSiteStructure, useSiteStructure } from '../api.ts';
import { AssetPicker } from '../components/AssetPicker.tsx';
import { ColumnsEditor } from '../components/ColumnsEditor.tsx';
import {
  addNode,
  bodyOf,
  draftOf,
  draftProblems,
  newNode,
  removeNode,
  subtreeOf,
  treeOf,
  updateNode,
  type DraftNode,
  type DraftProblem,
  type TreeEntry,
} from '../site-tree.ts';

/** `/section/:id`: one site structure's tree; those who manage assets edit it and save it whole. */
export function SiteStructurePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('sites');
  const structure = useSiteStructure(id);
  if (structure.isPending) return <Spin />;
  if (!structure.data) return <Empty description={t('editor.not_found')} />;
  // A fresh editor for each saved version: what was saved becomes the new starting point.
  return <StructureEditor key={structure.data.updated_at} structure={structure.data} />;
}

function StructureEditor({ structure }: { structure: SiteStructure }) {
  const { t } = useTranslation('sites');
  const canManage = canAny(useAppAbility(), 'SST_MANAGE_ASSET');
  const confirm = useConfirmDialog();
  const save = useSaveSiteStructure();
  const [title, setTitle] = useState(structure.title);
  const [nodes, setNodes] = useState<DraftNode[]>(() => draftOf(structure));
  const [selectedId, setSelectedId] = useState<string | null>(structure.structure[0]?.id ?? null);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const saved = useMemo(() => JSON.stringify(bodyOf(structure.title, draftOf(structure))), [structure]);
  const dirty = JSON.stringify(bodyOf(title, nodes)) !== saved;
  useLeaveWarning(dirty);
  const selected = nodes.find((node) => node.id === selectedId);

  const change = (next: DraftNode[]) => {
    setNodes(next);
    setProblems([]);
    setRefusal(null);
  };
  const add = (parentId: string | null) => {
    const node = newNode(parentId);
    change(addNode(nodes, node));
    setSelectedId(node.id);
  };
  const remove = async (node: DraftNode) => {
    const below = subtreeOf(nodes, node.id).size - 1;
    if (below > 0) {
      const sure = await confirm({
        title: t('editor.confirm_remove', { name: node.title || t('editor.untitled') }),
        content: t('editor.confirm_remove_detail', { count: below }),
        danger: true,
        okText: t('editor.remove'),
        onConfirm: async () => {},
        successMessage: t('editor.removed'),
      });
      if (!sure) return;
    }
    change(removeNode(nodes, node.id));
    setSelectedId(node.parent_id);
  };
  const submit = () => {
    const found = draftProblems(nodes);
    if (title.trim() === '' && !found.includes('titles_required')) found.push('titles_required');
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      { id: structure.id, body: bodyOf(title.trim(), nodes) },
      {
        onError: (error) => setRefusal(error instanceof HttpError ? error.message : t('editor.save_failed')),
      },
    );
  };

  const renderTitle = (entry: TreeEntry) => (
    <Space size={4}>
      {entry.node.is_site ? <EnvironmentOutlined aria-hidden /> : <ApartmentOutlined aria-hidden />}
      <span>{entry.node.title.trim() || t('editor.untitled')}</span>
      {entry.node.is_site && entry.node.asset && <Typography.Text type="secondary">({entry.node.asset.asset_id})</Typography.Text>}
    </Space>
  );
  const toTreeData = (entries: TreeEntry[]): { key: string; title: ReactNode; children: unknown[] }[] =>
    entries.map((entry) => ({ key: entry.key, title: renderTitle(entry), children: toTreeData(entry.children) }));

  return (
    <div>
      <PageHeader title={structure.title}>
        <Link to="/manage/sections">{t('editor.back')}</Link>
        {canManage && (
          <>
            <Button
              disabled={!dirty || save.isPending}
              onClick={() => {
                change(draftOf(structure));
                setTitle(structure.title);
              }}
            >
              {t('editor.discard')}
            </Button>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={submit}>
              {t('editor.save')}
            </Button>
          </>
        )}
      </PageHeader>
      {!canManage && <Alert type="info" showIcon style={{ marginBlockEnd: 12 }} title={t('editor.read_only')} />}
      {[...problems.map((problem) => t(`problems.${problem}`)), ...(refusal ? [refusal] : [])].map((text) => (
        <Alert key={text} type="error" showIcon role="alert" style={{ marginBlockEnd: 8 }} title={text} />
      ))}
      <Form layout="vertical" component="div">
        <Form.Item label={t('editor.structure_title')} htmlFor="structure-title">
          <Input
            id="structure-title"
            value={title}
            disabled={!canManage}
            maxLength={NAME_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Form.Item>
      </Form>
      <div className="site-structure-editor" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title={t('editor.tree')} style={{ flex: '1 1 280px', minWidth: 0 }}>
          {canManage && (
            <Space wrap style={{ marginBlockEnd: 8 }}>
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(null)}>
                {t('editor.add_root')}
              </Button>
              <Button icon={<PlusOutlined aria-hidden />} disabled={!selected} onClick={() => selected && add(selected.id)}>
                {t('editor.add_child')}
              </Button>
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!selected} onClick={() => selected && void remove(selected)}>
                {t('editor.remove')}
              </Button>
            </Space>
          )}
          {nodes.length === 0 ? (
            <Empty description={t('editor.empty_tree')} />
          ) : (
            <Tree
              aria-label={t('editor.tree')}
              defaultExpandAll
              blockNode
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => keys[0] !== undefined && setSelectedId(String(keys[0]))}
              treeData={toTreeData(treeOf(nodes)) as never}
            />
          )}
        </Card>
        <Card size="small" title={t('editor.node')} style={{ flex: '2 1 320px', minWidth: 0 }} data-testid="site-node-editor">
          {selected ? (
            <NodeEditor node={selected} readOnly={!canManage} onChange={(patch) => change(updateNode(nodes, selected.id, patch))} />
          ) : (
            <Typography.Text type="secondary">{t('editor.choose_node')}</Typography.Text>
          )}
        </Card>
      </div>
    </div>
  );
}

function NodeEditor({ node, readOnly, onChange }: { node: DraftNode; readOnly: boolean; onChange: (patch: Partial<DraftNode>) => void }) {
  const { t } = useTranslation('sites');
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('editor.node_title')} htmlFor="node-title">
        <Input
          id="node-title"
          value={node.title}
          disabled={readOnly}
          maxLength={NAME_MAX}
          onChange={(event) => onChange({ title: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('editor.is_site')} htmlFor="node-is-site">
        <Switch
          id="node-is-site"
          checked={node.is_site}
          disabled={readOnly}
          onChange={(isSite) => onChange(isSite ? { is_site: true } : { is_site: false, asset_id: null, asset: null })}
        />
      </Form.Item>
      {node.is_site && (
        <Form.Item label={t('editor.asset')} htmlFor="node-asset" required>
          <AssetPicker
            id="node-asset"
            value={node.asset}
            disabled={readOnly}
            onChange={(asset) => onChange({ asset_id: asset.id, asset })}
          />
        </Form.Item>
      )}
      <ColumnsEditor columns={node.columns} readOnly={readOnly} onChange={(columns) => onChange({ columns })} />
    </Form>
  );
}
