import { useEffect, useRef, useState, type RefObject } from 'react';
import type Quill from 'quill/core';
import 'quill/dist/quill.snow.css';
import type { ViewerKind } from '../../lib/roles.ts';
import { editorHtml } from './editor-html.ts';
import { controlName, formatsFor, toolbarFor, type ToolbarControl } from './rich-text-toolbar.ts';
import './rich-text-editor.css';

/** Labels of the toolbar buttons and of the link/video box, translated on the server. */
export type RichTextMessages = Record<
  | 'richText.toolbar'
  | 'richText.header-2'
  | 'richText.header-3'
  | 'richText.bold'
  | 'richText.italic'
  | 'richText.link'
  | 'richText.list-bullet'
  | 'richText.list-ordered'
  | 'richText.blockquote'
  | 'richText.indent-increase'
  | 'richText.indent-decrease'
  | 'richText.table'
  | 'richText.video'
  | 'richText.undo'
  | 'richText.redo'
  | 'richText.url'
  | 'richText.visit'
  | 'richText.edit'
  | 'richText.save'
  | 'richText.remove'
  | 'richText.enterLink'
  | 'richText.enterVideo',
  string
>;

export const richTextMessageKeys = [
  'richText.toolbar',
  'richText.header-2',
  'richText.header-3',
  'richText.bold',
  'richText.italic',
  'richText.link',
  'richText.list-bullet',
  'richText.list-ordered',
  'richText.blockquote',
  'richText.indent-increase',
  'richText.indent-decrease',
  'richText.table',
  'richText.video',
  'richText.undo',
  'richText.redo',
  'richText.url',
  'richText.visit',
  'richText.edit',
  'richText.save',
  'richText.remove',
  'richText.enterLink',
  'richText.enterVideo',
] as const satisfies readonly (keyof RichTextMessages)[];

/** What the form may do with the editor besides its value: stream a generated draft into it. */
export interface RichTextHandle {
  /** Appends plain text at the end (as if typed, so it can be undone and the form sees the change). */
  append(text: string): void;
  isEmpty(): boolean;
}

interface Props {
  id: string;
  /** Filled once Quill is ready. */
  handle?: RefObject<RichTextHandle | null>;
  /** The id of the element naming the editor (its label). */
  labelledBy: string;
  /** Ids of hints and errors describing it. */
  describedBy?: string | undefined;
  isInvalid?: boolean;
  /** HTML. A value that differs from what the editor last reported (a reset, a generated draft) replaces its content. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  viewerKind: ViewerKind;
  messages: RichTextMessages;
}

// Icons for the actions Quill has none for (undo, redo), drawn like Quill's 18×18 strokes.
const actionIcons: Record<string, string> = {
  undo: '<svg viewBox="0 0 18 18" aria-hidden="true"><path class="ql-stroke" d="M5 7h6a4 4 0 0 1 0 8H8"/><polyline class="ql-stroke" points="7.5 4.5 5 7 7.5 9.5"/></svg>',
  redo: '<svg viewBox="0 0 18 18" aria-hidden="true"><path class="ql-stroke" d="M13 7H7a4 4 0 0 0 0 8h3"/><polyline class="ql-stroke" points="10.5 4.5 13 7 10.5 9.5"/></svg>',
};

/**
 * Quill with only the formats the toolbar uses: a smaller bundle than the full build, and the staff's
 * table, indent and video modules are fetched for staff only.
 */
async function loadQuill(isStaff: boolean): Promise<typeof Quill> {
  const [core, snow, toolbar, bold, italic, link, header, list, blockquote] = await Promise.all([
    import('quill/core'),
    import('quill/themes/snow'),
    import('quill/modules/toolbar'),
    import('quill/formats/bold'),
    import('quill/formats/italic'),
    import('quill/formats/link'),
    import('quill/formats/header'),
    import('quill/formats/list'),
    import('quill/formats/blockquote'),
  ]);
  const QuillClass = core.default;
  QuillClass.register(
    {
      'themes/snow': snow.default,
      'modules/toolbar': toolbar.default,
      'formats/bold': bold.default,
      'formats/italic': italic.default,
      'formats/link': link.default,
      'formats/header': header.default,
      'formats/list': list.default,
      'formats/blockquote': blockquote.default,
    },
    true,
  );
  if (isStaff) {
    const [table, indent, video] = await Promise.all([
      import('quill/modules/table'),
      import('quill/formats/indent'),
      import('quill/formats/video'),
    ]);
    QuillClass.register(
      { 'modules/table': table.default, 'formats/indent': indent.default, 'formats/video': video.default },
      true,
    );
  }
  return QuillClass;
}

function ToolbarButton({ control, label }: { control: ToolbarControl; label: string }) {
  const name = controlName(control);
  if (control.kind === 'action') {
    return (
      <button
        type="button"
        className={`ql-${control.action}`}
        aria-label={label}
        title={label}
        data-control={name}
        dangerouslySetInnerHTML={actionIcons[control.action] ? { __html: actionIcons[control.action]! } : undefined}
      />
    );
  }
  return (
    <button
      type="button"
      className={`ql-${control.format}`}
      value={'value' in control ? control.value : undefined}
      aria-label={label}
      title={label}
      data-control={name}
    />
  );
}

/**
 * The rich-text editor (Quill, snow theme) with the toolbar of SPEC section 6 for the writer's kind. Quill
 * is loaded after hydration, on the pages that show an editor only. Tab leaves the editor (Quill's Tab
 * bindings would keep keyboard users inside it), and every control has a translated name.
 */
export function RichTextEditor({ id, labelledBy, describedBy, isInvalid, value, onChange, onBlur, ...props }: Props) {
  const { viewerKind, messages, handle } = props;
  const toolbarRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastEmitted = useRef<string | null>(null);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  const initialValue = useRef(value);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    let isCancelled = false;
    void loadQuill(viewerKind === 'ADMIN').then((QuillClass) => {
      if (isCancelled || !editorRef.current || !toolbarRef.current) return;
      const quill = new QuillClass(editorRef.current, {
        theme: 'snow',
        formats: formatsFor(viewerKind),
        modules: {
          toolbar: {
            container: toolbarRef.current,
            handlers: {
              undo: () => quill.history.undo(),
              redo: () => quill.history.redo(),
              table: () =>
                (quill.getModule('table') as { insertTable(rows: number, columns: number): void }).insertTable(2, 2),
            },
          },
          table: viewerKind === 'ADMIN',
          keyboard: {
            bindings: { tab: null, indent: null, outdent: null, 'remove tab': null, 'table tab': null },
          },
        },
      });
      quill.setContents(quill.clipboard.convert({ html: initialValue.current }), 'silent');
      quill.history.clear();
      lastEmitted.current = initialValue.current;
      const root = quill.root;
      root.id = `${id}-content`;
      root.setAttribute('role', 'textbox');
      root.setAttribute('aria-multiline', 'true');
      root.setAttribute('aria-labelledby', labelledBy);
      labelTooltip(editorRef.current, messages);
      quill.on('text-change', () => {
        const html = editorHtml(quill.getSemanticHTML());
        lastEmitted.current = html;
        callbacks.current.onChange(html);
      });
      root.addEventListener('blur', () => callbacks.current.onBlur?.());
      quillRef.current = quill;
      if (handle) {
        handle.current = {
          append: (text) => {
            quill.insertText(quill.getLength() - 1, text, 'user');
          },
          isEmpty: () => quill.getText().trim() === '',
        };
      }
      setIsReady(true);
    });
    return () => {
      isCancelled = true;
    };
    // Quill is built once per editor; later prop changes reach it through the effects below.
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastEmitted.current) return;
    lastEmitted.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value, isReady]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    root.setAttribute('aria-invalid', isInvalid ? 'true' : 'false');
  }, [describedBy, isInvalid, isReady]);

  return (
    <div className={`rich-text${isInvalid ? ' rich-text--invalid' : ''}`} id={id} data-ready={isReady || undefined}>
      <div ref={toolbarRef} role="toolbar" aria-label={messages['richText.toolbar']} aria-controls={`${id}-content`}>
        {toolbarFor(viewerKind).map((group, index) => (
          <span className="ql-formats" key={index}>
            {group.map((control) => {
              const name = controlName(control);
              return (
                <ToolbarButton
                  key={name}
                  control={control}
                  label={messages[`richText.${name}` as keyof RichTextMessages]}
                />
              );
            })}
          </span>
        ))}
      </div>
      <div ref={editorRef} className="rich-text__editor" />
    </div>
  );
}

/** Quill's link and video box speaks English through CSS: its texts come from data attributes instead. */
function labelTooltip(container: HTMLElement, messages: RichTextMessages) {
  const tooltip = container.querySelector<HTMLElement>('.ql-tooltip');
  if (!tooltip) return;
  tooltip.dataset.labelVisit = messages['richText.visit'];
  tooltip.dataset.labelLink = messages['richText.enterLink'];
  tooltip.dataset.labelVideo = messages['richText.enterVideo'];
  const input = tooltip.querySelector<HTMLInputElement>('input[type="text"]');
  if (input) {
    input.setAttribute('aria-label', messages['richText.url']);
    input.dataset.link = 'https://';
    input.dataset.video = 'https://';
  }
  const action = tooltip.querySelector<HTMLElement>('a.ql-action');
  if (action) {
    action.dataset.labelEdit = messages['richText.edit'];
    action.dataset.labelSave = messages['richText.save'];
    action.setAttribute('href', '#');
    action.setAttribute('role', 'button');
  }
  const remove = tooltip.querySelector<HTMLElement>('a.ql-remove');
  if (remove) {
    remove.dataset.labelRemove = messages['richText.remove'];
    remove.setAttribute('href', '#');
    remove.setAttribute('role', 'button');
  }
}
