import { CameraOutlined, DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileUpload, IMAGE_FILE } from '../../../components/upload/index.ts';
import { fileUrl } from '../../../lib/files.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangeBasicInfo } from '../api.ts';

/**
 * The profile picture: an uploaded image (10 KB to 30 MB) is saved at once, so the header shows
 * it straight away; the names are sent as they are saved, not as they may be typed below.
 */
export function AvatarSection() {
  const { t } = useTranslation('account');
  const confirm = useConfirmDialog();
  const save = useChangeBasicInfo();
  const user = useSession()?.userData;
  if (!user) return null;
  const saveAvatar = (avatar: string | null) =>
    save.mutateAsync({ first_name: user.first_name, last_name: user.last_name, nick_name: user.nick_name, avatar });

  return (
    <Space size="large" align="center" style={{ marginBottom: 24 }} wrap>
      <Avatar
        size={96}
        src={user.avatar ? fileUrl(user.avatar) : undefined}
        icon={user.avatar ? undefined : <UserOutlined />}
        alt={t('avatar.alt', { name: user.full_name })}
        data-testid="profile-avatar"
      />
      <Space orientation="vertical">
        <FileUpload restrictions={IMAGE_FILE} onUploaded={(file) => void saveAvatar(file.url)} disabled={save.isPending}>
          <Button icon={<CameraOutlined />} loading={save.isPending}>
            {user.avatar ? t('avatar.change') : t('avatar.add')}
          </Button>
        </FileUpload>
        {user.avatar && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() =>
              void confirm({
                title: t('avatar.remove_confirm'),
                danger: true,
                okText: t('avatar.remove'),
                onConfirm: () => saveAvatar(null),
              })
            }
          >
            {t('avatar.remove')}
          </Button>
        )}
        <span className="ant-form-item-extra">{t('avatar.hint')}</span>
      </Space>
    </Space>
  );
}
