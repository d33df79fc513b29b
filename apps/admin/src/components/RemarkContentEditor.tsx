import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rich-text content of a remark (HTML): bold, italic, underline, strike, headings, lists, links
 * and quotes. A new `value` from outside (an imported file, a reload) replaces what is shown.
 */
export function RemarkContentEditor({
  label,
  description,
  value,
  onChange,
  readOnly,
  error,
}: {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const editor = useEditor({
    // the link of @mantine/tiptap (with its keyboard shortcut) replaces the starter kit's
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-labelledby': `${baseId}-label`,
        'aria-describedby': `${baseId}-description`,
        role: 'textbox',
        'aria-multiline': 'true',
        'data-testid': 'remark-content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const labels = useMemo(
    () => ({
      boldControlLabel: t('productRemarks.editor.bold'),
      italicControlLabel: t('productRemarks.editor.italic'),
      underlineControlLabel: t('productRemarks.editor.underline'),
      strikeControlLabel: t('productRemarks.editor.strike'),
      h1ControlLabel: t('productRemarks.editor.h1'),
      h2ControlLabel: t('productRemarks.editor.h2'),
      h3ControlLabel: t('productRemarks.editor.h3'),
      bulletListControlLabel: t('productRemarks.editor.bulletList'),
      orderedListControlLabel: t('productRemarks.editor.orderedList'),
      linkControlLabel: t('productRemarks.editor.link'),
      unlinkControlLabel: t('productRemarks.editor.unlink'),
      blockquoteControlLabel: t('productRemarks.editor.blockquote'),
      clearFormattingControlLabel: t('productRemarks.editor.clearFormatting'),
      linkEditorInputLabel: t('productRemarks.editor.linkUrl'),
      linkEditorInputPlaceholder: t('productRemarks.editor.linkPlaceholder'),
      linkEditorExternalLink: t('productRemarks.editor.linkExternal'),
      linkEditorInternalLink: t('productRemarks.editor.linkInternal'),
      linkEditorSave: t('productRemarks.editor.linkSave'),
    }),
    [t],
  );

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={baseId}>
      <RichTextEditor editor={editor} labels={labels} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        {!readOnly && (
          <RichTextEditor.Toolbar sticky stickyOffset={60}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
