import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import type { Folder } from '@vigil/contracts';
import { Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFolders } from '../api.ts';

const TOP_LEVEL = '';

function flatten(folders: readonly Folder[]): Folder[] {
  return folders.flatMap((folder) => [folder, ...flatten(folder.children)]);
}

export interface FolderPickerProps {
  /** The chosen folder; null is the top level. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** A folder being moved: it and its subfolders are not offered (the server leaves them out). */
  excludeId?: string;
  'aria-label'?: string;
}

/** Chooses a folder (or the top level) from `GET /checklist/template/folder/all`, as an indented radio list. */
export function FolderPicker({ value = null, onChange, excludeId, ...rest }: FolderPickerProps) {
  const { t } = useTranslation('templates');
  const folders = useFolders(excludeId);
  if (!folders.data) return <Spin size="small" aria-label={t('loading')} />;
  return (
    <Radio.Group
      aria-label={rest['aria-label'] ?? t('folder_picker.label')}
      value={value ?? TOP_LEVEL}
      onChange={(event) => onChange?.(event.target.value === TOP_LEVEL ? null : (event.target.value as string))}
      style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 300, overflowY: 'auto' }}
    >
      <Radio value={TOP_LEVEL}>
        <HomeOutlined aria-hidden /> {t('folder_picker.top_level')}
      </Radio>
      {flatten(folders.data).map((folder) => (
        <Radio key={folder.id} value={folder.id} style={{ paddingInlineStart: (folder.depth + 1) * 20 }}>
          <FolderOutlined aria-hidden /> {folder.name}
        </Radio>
      ))}
    </Radio.Group>
  );
}
