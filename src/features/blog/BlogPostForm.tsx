import { useId, useState, type FormEvent } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { blogLimits, blogPostInputSchema, tagsOfText } from '../../lib/blog/blog-schema.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { islandBackendClient, resultOfError, sendFile } from '../jobs/job-backend.ts';
import { RichTextEditor, type RichTextMessages } from '../jobs/RichTextEditor.tsx';
import { saveBlogPost, uploadBlogImage } from './operations.ts';

export interface BlogPostFormValues {
  title: string;
  slug: string;
  teaser: string;
  author: string;
  bodyHtml: string;
  imageUrl: string | null;
  category: string;
  tags: string;
  status: 'draft' | 'publish';
  /** A datetime-local value in the browser's time zone, or ''. */
  publishAt: string;
}

export interface BlogPostFormProps {
  postId: number | null;
  initial: BlogPostFormValues;
  categories: readonly { slug: string; label: string }[];
  frontend: FrontendInfo;
  /** Every message the island shows, translated on the server. */
  messages: Record<string, string>;
  /** Where a new post's editor lives (its id is appended). */
  editLink: string;
}

type Outcome = 'idle' | 'saving' | 'saved' | 'invalid' | 'signedOut' | 'failed' | 'uploading';

/**
 * The staff's blog post form (issue 19): the job form's rich-text editor with the staff toolbar, a teaser
 * image uploaded and re-encoded on the server, category, tags, draft or publication (now or scheduled).
 * Checked with the server's schema before sending; the server's field errors are shown by field.
 */
export function BlogPostForm({ postId, initial, categories, frontend, messages, editLink }: BlogPostFormProps) {
  const m = (key: string) => messages[key] ?? key;
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const set = <K extends keyof BlogPostFormValues>(key: K, value: BlogPostFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const richTextMessages = Object.fromEntries(
    Object.entries(messages).filter(([key]) => key.startsWith('richText.')),
  ) as RichTextMessages;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      title: values.title,
      slug: values.slug,
      teaser: values.teaser,
      author: values.author,
      bodyHtml: values.bodyHtml,
      imageUrl: values.imageUrl,
      category: values.category,
      tags: tagsOfText(values.tags),
      status: values.status,
      publishAt: values.status === 'publish' && values.publishAt ? new Date(values.publishAt).toISOString() : null,
    };
    const checked = blogPostInputSchema.safeParse(input);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'input');
        found[field] ??= m(issue.message);
      }
      setErrors(found);
      setOutcome('invalid');
      return;
    }
    setOutcome('saving');
    try {
      const backend = await islandBackendClient(frontend);
      if (!backend) {
        setOutcome('signedOut');
        return;
      }
      const { saveBlogPost: saved } = await backend.request(saveBlogPost, { id: postId, input });
      setErrors({});
      if (postId === null) {
        window.location.assign(`${editLink}/${saved.id}?saved=1`);
        return;
      }
      setOutcome('saved');
    } catch (error) {
      const result = resultOfError(error);
      if (result.kind === 'invalid') {
        const byField: FieldErrors = {};
        for (const [field, message] of Object.entries(result.fieldErrors)) {
          byField[field.split('.')[0] ?? field] ??= message;
        }
        setErrors(byField);
        setOutcome('invalid');
      } else setOutcome(result.kind === 'signedOut' ? 'signedOut' : 'failed');
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > blogLimits.imageBytes) {
      setErrors((current) => ({ ...current, imageUrl: m('blog.error.imageTooLarge') }));
      return;
    }
    setOutcome('uploading');
    const result = await sendFile(frontend, uploadBlogImage, {}, file);
    if (result.kind === 'uploaded') {
      set('imageUrl', result.data.uploadBlogImage.url);
      setErrors(({ imageUrl: _dropped, ...rest }) => rest);
      setOutcome('idle');
    } else if (result.kind === 'invalid') {
      setErrors((current) => ({ ...current, imageUrl: Object.values(result.fieldErrors)[0] ?? m('blog.form.failed') }));
      setOutcome('invalid');
    } else setOutcome(result.kind === 'signedOut' ? 'signedOut' : 'failed');
  }

  const field = (name: keyof BlogPostFormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof BlogPostFormValues) =>
    errors[name] ? (
      <p className="field__error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="stack blog-form" method="post" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-title`}>{m('blog.form.title')}</label>
        <input
          {...field('title')}
          value={values.title}
          maxLength={blogLimits.title}
          onChange={(event) => set('title', event.target.value)}
        />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-slug`}>{m('blog.form.slug')}</label>
        <input
          {...field('slug')}
          value={values.slug}
          maxLength={blogLimits.slug}
          onChange={(event) => set('slug', event.target.value)}
        />
        {error('slug')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-author`}>{m('blog.form.author')}</label>
        <input
          {...field('author')}
          value={values.author}
          maxLength={blogLimits.author}
          onChange={(event) => set('author', event.target.value)}
        />
        {error('author')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-teaser`}>{m('blog.form.teaser')}</label>
        <textarea
          {...field('teaser')}
          value={values.teaser}
          maxLength={blogLimits.teaser}
          rows={3}
          onChange={(event) => set('teaser', event.target.value)}
        />
        {error('teaser')}
      </div>
      <div className="field">
        <span className="field__label" id={`${id}-body-label`}>
          {m('blog.form.body')}
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelledBy={`${id}-body-label`}
          isInvalid={Boolean(errors.bodyHtml)}
          value={values.bodyHtml}
          onChange={(html) => set('bodyHtml', html)}
          viewerKind="ADMIN"
          messages={richTextMessages}
        />
        {error('bodyHtml')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-imageUrl`}>{m('blog.form.image')}</label>
        {values.imageUrl && (
          <p>
            <img src={values.imageUrl} alt="" width={500} height={250} />
            <button type="button" className="button button--secondary" onClick={() => set('imageUrl', null)}>
              {m('blog.form.removeImage')}
            </button>
          </p>
        )}
        <input
          {...field('imageUrl')}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        {outcome === 'uploading' && <p role="status">{m('blog.form.imageUploading')}</p>}
        {error('imageUrl')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>{m('blog.form.category')}</label>
        <select
          {...field('category')}
          value={values.category}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">{m('blog.form.noCategory')}</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.label}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-tags`}>{m('blog.form.tags')}</label>
        <input {...field('tags')} value={values.tags} onChange={(event) => set('tags', event.target.value)} />
        {error('tags')}
      </div>
      <fieldset className="field">
        <legend>{m('blog.form.status')}</legend>
        {(['draft', 'publish'] as const).map((status) => (
          <label key={status}>
            <input
              type="radio"
              name="status"
              value={status}
              checked={values.status === status}
              onChange={() => set('status', status)}
            />{' '}
            {m(`blog.form.${status}`)}
          </label>
        ))}
        {error('status')}
      </fieldset>
      {values.status === 'publish' && (
        <div className="field">
          <label htmlFor={`${id}-publishAt`}>{m('blog.form.publishAt')}</label>
          <input
            {...field('publishAt')}
            type="datetime-local"
            step={1}
            value={values.publishAt}
            onChange={(event) => set('publishAt', event.target.value)}
          />
          {error('publishAt')}
        </div>
      )}
      <p>
        <button type="submit" className="button" disabled={outcome === 'saving' || outcome === 'uploading'}>
          {m('blog.form.save')}
        </button>
      </p>
      <div role="status">
        {outcome === 'saved' && <p className="alert alert--success">{m('blog.form.saved')}</p>}
        {outcome === 'invalid' && <p className="alert alert--warning">{m('blog.form.failed')}</p>}
        {outcome === 'failed' && <p className="alert alert--danger">{m('blog.form.failed')}</p>}
        {outcome === 'signedOut' && <p className="alert alert--warning">{m('job.error.signInRequired')}</p>}
      </div>
    </form>
  );
}
