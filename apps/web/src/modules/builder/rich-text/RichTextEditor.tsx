import { BoldOutlined, ItalicOutlined, PictureOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Select, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { uploadFile } from '../../../components/upload/upload-file.ts';
import {
  isAcceptedImage,
  isSvg,
  RICH_TEXT_BLOCKS,
  RICH_TEXT_FONTS,
  RICH_TEXT_IMAGE_ACCEPT,
  RICH_TEXT_SIZES,
  type RichTextBlock,
} from './rich-text-options.ts';
import { svgToPng } from './svg-to-png.ts';

function blockOf(editor: Editor): RichTextBlock {
  for (let level = 1; level <= 6; level++) if (editor.isActive('heading', { level })) return `h${level}` as RichTextBlock;
  if (editor.isActive('blockquote')) return 'blockquote';
  if (editor.isActive('codeBlock')) return 'code';
  return 'paragraph';
}

function setBlock(editor: Editor, block: RichTextBlock) {
  const chain = editor.chain().focus();
  if (block === 'paragraph') return chain.setParagraph().run();
  if (block === 'blockquote') return chain.setParagraph().toggleBlockquote().run();
  if (block === 'code') return chain.setCodeBlock().run();
  return chain.setHeading({ level: Number(block.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 }).run();
}

/**
 * The info editor (spec 2 §2): fonts, sizes 8-96, block types, bold and italic, images uploaded
 * through the file service. Gives HTML; the server sanitises it with the same allowlist.
 */
export function RichTextEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation(['builder-modals', 'common']);
  const picker = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
      TextStyle,
      FontFamily,
      FontSize,
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      block: blockOf(current),
      font: (current.getAttributes('textStyle').fontFamily as string | undefined)?.replace(/["']/g, ''),
      size: current.getAttributes('textStyle').fontSize as string | undefined,
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
    }),
  });

  const upload = async (file: File) => {
    if (!isAcceptedImage(file)) return showToast('error', t('rich_text.image_types'));
    try {
      const stored = await uploadFile(isSvg(file) ? await svgToPng(file) : file, { unexpected: t('common:upload.unexpected') });
      editor.chain().focus().setImage({ src: stored.url, alt: stored.name }).run();
    } catch (error) {
      showToast('error', error instanceof Error && error.message !== 'svg' ? error.message : t('rich_text.image_failed'));
    }
  };

  return (
    <div className="rich-text-editor" style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      <Space
        wrap
        size={4}
        role="toolbar"
        aria-label={t('rich_text.label')}
        style={{ padding: 6, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)', width: '100%' }}
      >
        <Select
          aria-label={t('rich_text.block')}
          size="small"
          style={{ width: 130 }}
          value={state.block}
          options={RICH_TEXT_BLOCKS.map((block) => ({ value: block, label: t(`rich_text.blocks.${block}`) }))}
          onChange={(block) => setBlock(editor, block)}
        />
        <Select
          aria-label={t('rich_text.font_family')}
          size="small"
          style={{ width: 150 }}
          allowClear
          placeholder={t('rich_text.font_family')}
          value={state.font}
          options={RICH_TEXT_FONTS.map((font) => ({ value: font, label: <span style={{ fontFamily: font }}>{font}</span> }))}
          onChange={(font?: string) =>
            font ? editor.chain().focus().setFontFamily(font).run() : editor.chain().focus().unsetFontFamily().run()
          }
        />
        <Select
          aria-label={t('rich_text.font_size')}
          size="small"
          style={{ width: 120 }}
          allowClear
          placeholder={t('rich_text.font_size')}
          value={state.size}
          options={RICH_TEXT_SIZES.map((size) => ({ value: `${size}px`, label: String(size) }))}
          onChange={(size?: string) =>
            size ? editor.chain().focus().setFontSize(size).run() : editor.chain().focus().unsetFontSize().run()
          }
        />
        <Button
          size="small"
          aria-label={t('rich_text.bold')}
          aria-pressed={state.bold}
          type={state.bold ? 'primary' : 'default'}
          icon={<BoldOutlined aria-hidden />}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <Button
          size="small"
          aria-label={t('rich_text.italic')}
          aria-pressed={state.italic}
          type={state.italic ? 'primary' : 'default'}
          icon={<ItalicOutlined aria-hidden />}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <Button
          size="small"
          aria-label={t('rich_text.image')}
          title={t('rich_text.image_types')}
          icon={<PictureOutlined aria-hidden />}
          onClick={() => picker.current?.click()}
        />
        <input
          ref={picker}
          type="file"
          hidden
          accept={RICH_TEXT_IMAGE_ACCEPT}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Space>
      <EditorContent editor={editor} aria-label={t('rich_text.label')} style={{ padding: '4px 11px', minHeight: 160 }} />
    </div>
  );
}
