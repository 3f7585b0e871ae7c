import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import {
  organizationImageStyles,
  organizationSizeValues,
  profileSectionSchemas,
  legacySalutations,
  salutationValues,
  socialNetworks,
  type OrganizationImageKind,
  type ProfileSectionName,
  type SocialNetwork,
} from '../../lib/organizations/profile-sections.ts';
import type { Refusal } from '../applications/apply-client.ts';
import { errorOf } from '../jobs/job-form-fields.tsx';
import { RichTextEditor, type RichTextMessages } from '../jobs/RichTextEditor.tsx';
import type { EditableProfile, ProfileEditorOptions } from './operations.ts';

export interface ProfileEditorProps {
  profile: EditableProfile;
  options: ProfileEditorOptions;
  frontend: FrontendInfo;
  /** Staff may take a published profile off the site. */
  canUnpublish: boolean;
  /** The attachments the brand takes (SPEC 5): file extensions, and the largest size as text ("50 MB"). */
  attachmentLimits: { extensions: readonly string[]; maxSize: string };
  /** Every message the island shows, translated on the server (keys of src/i18n). */
  messages: Record<string, string>;
}

type Translate = (key: string) => string;

const inputId = (name: string) => `org-${name.replace(/\./g, '-')}`;
const errorId = (name: string) => `${inputId(name)}-error`;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * The recruiter's profile editor (issue 15 part 3): every section of SPEC section 3 is its own form, checked
 * with the schema the server uses (src/lib/organizations/profile-sections.ts) and saved on its own; the
 * server's field errors come back in the visitor's language. Images are uploaded one by one and re-encoded
 * on the server; publishing makes the profile public.
 */
export function ProfileEditor(props: ProfileEditorProps) {
  const { profile, options, frontend, messages } = props;
  const m: Translate = (key) => messages[key] ?? key;
  const [published, setPublished] = useState(profile.published);
  const [publishState, setPublishState] = useState<SaveState>({ kind: 'idle' });
  const id = profile.id;
  const common = { organizationId: id, frontend, m };
  const idsOf = (terms: readonly { tid: number }[]) => terms.map((term) => term.tid);

  async function publish(next: boolean) {
    setPublishState({ kind: 'saving' });
    const { publishProfile } = await import('./profile-backend.ts');
    const result = await publishProfile(frontend, id, next);
    if (result.kind === 'ok') {
      setPublished(result.data.setOrganizationProfilePublished.published);
      setPublishState({ kind: 'saved' });
    } else
      setPublishState({ kind: 'error', message: result.kind === 'refused' ? result.message : m('orgEdit.failed') });
  }

  return (
    <div className="profile-editor stack">
      <section className="card stack" aria-labelledby="org-status">
        <h2 id="org-status">{m(published ? 'orgEdit.status.published' : 'orgEdit.status.unpublished')}</h2>
        <p className="profile-editor__actions">
          <a href={profile.url}>{m('orgEdit.viewProfile')}</a>
          {!published && (
            <button
              type="button"
              className="button"
              disabled={publishState.kind === 'saving'}
              onClick={() => void publish(true)}
            >
              {m('orgEdit.publish')}
            </button>
          )}
          {published && props.canUnpublish && (
            <button
              type="button"
              className="button button--secondary"
              disabled={publishState.kind === 'saving'}
              onClick={() => void publish(false)}
            >
              {m('orgEdit.unpublish')}
            </button>
          )}
        </p>
        <Status state={publishState} m={m} />
      </section>

      <section className="card stack" aria-labelledby="org-images">
        <h2 id="org-images">{m('orgEdit.section.images')}</h2>
        <ImageUpload {...common} kind="logo" label={m('orgEdit.field.logo')} current={profile.logo?.url ?? null} />
        <ImageUpload {...common} kind="cover" label={m('orgEdit.field.cover')} current={profile.coverUrl ?? null} />
      </section>

      {profile.personalInfo && (
        <SectionForm
          {...common}
          name="personalInfo"
          defaults={{ ...profile.personalInfo, salutation: salutationOf(profile.personalInfo.salutation) }}
        >
          <SelectField name="salutation" label={m('orgEdit.field.salutation')} m={m} choices={salutationChoices(m)} />
          <TextField name="firstName" label={m('orgEdit.field.firstName')} m={m} />
          <TextField name="lastName" label={m('orgEdit.field.lastName')} m={m} />
          <TextField name="phone" label={m('orgEdit.field.phone')} m={m} type="tel" />
          <TextField name="position" label={m('orgEdit.field.position')} m={m} />
        </SectionForm>
      )}

      <SectionForm {...common} name="companyInfo" defaults={{ name: profile.name, address: profile.address }}>
        <TextField name="name" label={m('orgEdit.field.name')} m={m} />
        <TextField name="address.addressLine1" label={m('orgEdit.field.addressLine1')} m={m} />
        <TextField name="address.addressLine2" label={m('orgEdit.field.addressLine2')} m={m} />
        <TextField name="address.postalCode" label={m('orgEdit.field.postalCode')} m={m} />
        <TextField name="address.locality" label={m('orgEdit.field.locality')} m={m} />
        <TextField name="address.administrativeArea" label={m('orgEdit.field.administrativeArea')} m={m} />
        <TextField name="address.countryCode" label={m('orgEdit.field.countryCode')} m={m} />
      </SectionForm>

      <SectionForm {...common} name="locations" defaults={{ items: profile.locations }}>
        <ListField
          m={m}
          empty={{ name: '', address: { addressLine1: '', postalCode: '', locality: '', countryCode: '' } }}
          render={(prefix) => (
            <>
              <TextField name={`${prefix}.name`} label={m('orgEdit.field.locationName')} m={m} />
              <TextField name={`${prefix}.address.addressLine1`} label={m('orgEdit.field.addressLine1')} m={m} />
              <TextField name={`${prefix}.address.postalCode`} label={m('orgEdit.field.postalCode')} m={m} />
              <TextField name={`${prefix}.address.locality`} label={m('orgEdit.field.locality')} m={m} />
              <TextField name={`${prefix}.address.countryCode`} label={m('orgEdit.field.countryCode')} m={m} />
            </>
          )}
        />
      </SectionForm>

      <SectionForm
        {...common}
        name="basics"
        defaults={{ alternativeName: profile.alternativeName, website: profile.website, size: profile.size }}
      >
        <TextField name="alternativeName" label={m('orgEdit.field.alternativeName')} m={m} />
        <TextField name="website" label={m('orgEdit.field.website')} m={m} type="url" />
        <SelectField
          name="size"
          label={m('orgEdit.field.size')}
          m={m}
          choices={organizationSizeValues.map((size) => ({ value: size, label: size }))}
        />
      </SectionForm>

      <SectionForm {...common} name="socialProfiles" defaults={profile.socialProfiles}>
        {(Object.keys(socialNetworks) as SocialNetwork[]).map((network) => (
          <TextField key={network} name={network} label={m(`orgEdit.social.${network}`)} m={m} type="url" />
        ))}
      </SectionForm>

      <SectionForm {...common} name="presentation" defaults={{ presentation: profile.presentation }}>
        <PresentationField m={m} messages={messages} />
      </SectionForm>

      <SectionForm
        {...common}
        name="categories"
        defaults={{
          industry: idsOf(profile.industry),
          occupations: idsOf(profile.occupations),
          fieldsOfStudy: idsOf(profile.fieldsOfStudy),
          benefits: idsOf(profile.benefits),
        }}
      >
        <TermChoices name="industry" label={m('orgEdit.field.industry')} terms={options.industries} />
        <TermChoices name="occupations" label={m('orgEdit.field.occupations')} terms={options.occupations} />
        <TermChoices name="fieldsOfStudy" label={m('orgEdit.field.fieldsOfStudy')} terms={options.fieldsOfStudy} />
        <TermChoices name="benefits" label={m('orgEdit.field.benefits')} terms={options.benefits} />
      </SectionForm>

      <SectionForm
        {...common}
        name="contactPersons"
        defaults={{
          items: profile.contactPersons.map((person) => ({ ...person, salutation: salutationOf(person.salutation) })),
        }}
      >
        <ListField
          m={m}
          empty={{ salutation: null, firstName: '', lastName: '', photo: null, email: '', position: '', phone: '' }}
          render={(prefix) => (
            <>
              <SelectField
                name={`${prefix}.salutation`}
                label={m('orgEdit.field.salutation')}
                m={m}
                choices={salutationChoices(m)}
              />
              <TextField name={`${prefix}.firstName`} label={m('orgEdit.field.firstName')} m={m} />
              <TextField name={`${prefix}.lastName`} label={m('orgEdit.field.lastName')} m={m} />
              <TextField name={`${prefix}.position`} label={m('orgEdit.field.position')} m={m} />
              <TextField name={`${prefix}.email`} label={m('orgEdit.field.email')} m={m} type="email" />
              <TextField name={`${prefix}.phone`} label={m('orgEdit.field.phone')} m={m} type="tel" />
              <TextField
                name={`${prefix}.linkedinProfile`}
                label={m('orgEdit.field.linkedinProfile')}
                m={m}
                type="url"
              />
              <TextField name={`${prefix}.contactInfo`} label={m('orgEdit.field.contactInfo')} m={m} multiline />
              <PhotoField {...common} name={`${prefix}.photo`} kind="contactPhoto" label={m('orgEdit.field.photo')} />
            </>
          )}
        />
      </SectionForm>

      <SectionForm {...common} name="videos" defaults={{ items: profile.videos }}>
        <ListField
          m={m}
          empty={{ source: '', coverTitle: '', cover: null }}
          render={(prefix) => (
            <>
              <TextField name={`${prefix}.source`} label={m('orgEdit.field.source')} m={m} type="url" />
              <TextField name={`${prefix}.coverTitle`} label={m('orgEdit.field.coverTitle')} m={m} />
              <PhotoField
                {...common}
                name={`${prefix}.cover`}
                kind="videoCover"
                label={m('orgEdit.field.videoCover')}
              />
            </>
          )}
        />
      </SectionForm>

      <SectionForm {...common} name="faq" defaults={{ items: profile.faq }}>
        <ListField
          m={m}
          empty={{ question: '', answer: '' }}
          render={(prefix) => (
            <>
              <TextField name={`${prefix}.question`} label={m('orgEdit.field.question')} m={m} />
              <TextField name={`${prefix}.answer`} label={m('orgEdit.field.answer')} m={m} multiline />
            </>
          )}
        />
      </SectionForm>

      <GallerySection {...common} images={profile.gallery} />

      {profile.canManageAttachments && (
        <AttachmentsSection {...common} attachments={profile.attachments} limits={props.attachmentLimits} />
      )}
    </div>
  );
}

function salutationOf(value: string | null | undefined): string | null {
  if (!value) return null;
  return (salutationValues as readonly string[]).includes(value) ? value : (legacySalutations[value] ?? null);
}

const salutationChoices = (m: Translate) =>
  salutationValues.map((value) => ({ value, label: m(`account.salutation.${value}`) }));

function Status({ state, m }: { state: SaveState; m: Translate }) {
  return (
    <p className="profile-editor__status" role="status" aria-live="polite">
      {state.kind === 'saving' ? m('orgEdit.saving') : state.kind === 'saved' ? m('orgEdit.saved') : null}
      {state.kind === 'error' && <span className="account-field__error">{state.message}</span>}
    </p>
  );
}

interface CommonProps {
  organizationId: number;
  frontend: FrontendInfo;
  m: Translate;
}

/** One section: its own form with the section's schema, saved on its own. */
function SectionForm(props: CommonProps & { name: ProfileSectionName; defaults: FieldValues; children: ReactNode }) {
  const { name, organizationId, frontend, m } = props;
  const form = useForm<FieldValues>({
    defaultValues: props.defaults,
    resolver: zodResolver(profileSectionSchemas[name] as never) as unknown as Resolver<FieldValues>,
    mode: 'onSubmit',
  });
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const headingId = useId();

  function showFieldErrors(fieldErrors: FieldErrors) {
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (message) form.setError(field === 'input' || field === 'form' ? 'root' : field, { message });
    }
  }

  const submit = form.handleSubmit(
    async (values) => {
      setState({ kind: 'saving' });
      const { saveSection } = await import('./profile-backend.ts');
      const result = await saveSection(frontend, organizationId, { [name]: values });
      if (result.kind === 'ok') setState({ kind: 'saved' });
      else if (result.kind === 'invalid') {
        showFieldErrors(result.fieldErrors);
        setState({ kind: 'error', message: m('orgEdit.invalid') });
      } else if (result.kind === 'refused' && result.code === 'UNAUTHENTICATED') {
        setState({ kind: 'error', message: m('orgEdit.signedOut') });
      } else setState({ kind: 'error', message: result.kind === 'refused' ? result.message : m('orgEdit.failed') });
    },
    () => setState({ kind: 'error', message: m('orgEdit.invalid') }),
  );

  return (
    <FormProvider {...form}>
      <form
        className="card stack profile-editor__section"
        method="post"
        noValidate
        aria-labelledby={headingId}
        data-section={name}
        onSubmit={(event) => void submit(event)}
      >
        <h2 id={headingId}>{m(`orgEdit.section.${name}`)}</h2>
        {props.children}
        {form.formState.errors.root?.message && (
          <p className="account-field__error">{m(form.formState.errors.root.message)}</p>
        )}
        <p>
          <button type="submit" className="button" disabled={state.kind === 'saving'}>
            {m('orgEdit.save')}
          </button>
        </p>
        <Status state={state} m={m} />
      </form>
    </FormProvider>
  );
}

function useError(name: string): string | undefined {
  const { formState } = useFormContext();
  return errorOf(formState.errors, name);
}

function FieldShell(props: { name: string; label: string; hint?: string; m: Translate; children: ReactNode }) {
  const error = useError(props.name);
  return (
    <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={inputId(props.name)}>{props.label}</label>
      {props.hint && <p className="account-field__hint">{props.hint}</p>}
      {props.children}
      {error && (
        <p className="account-field__error" id={errorId(props.name)}>
          {props.m(error)}
        </p>
      )}
    </div>
  );
}

/** The presentation in the job description's editor (Quill, the recruiter's toolbar); sanitised on the server. */
function PresentationField({ m, messages }: { m: Translate; messages: Record<string, string> }) {
  const { control } = useFormContext();
  const name = 'presentation';
  const error = useError(name);
  const labelId = `${inputId(name)}-label`;
  const hintId = `${inputId(name)}-hint`;
  const richTextMessages = Object.fromEntries(
    Object.entries(messages).filter(([key]) => key.startsWith('richText.')),
  ) as RichTextMessages;
  return (
    <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {m('orgEdit.field.presentation')}
      </span>
      <p className="account-field__hint" id={hintId}>
        {m('orgEdit.presentationHint')}
      </p>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={inputId(name)}
            labelledBy={labelId}
            describedBy={error ? `${hintId} ${errorId(name)}` : hintId}
            isInvalid={Boolean(error)}
            value={(field.value as string | null) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            viewerKind="RECRUITER"
            messages={richTextMessages}
          />
        )}
      />
      {error && (
        <p className="account-field__error" id={errorId(name)}>
          {m(error)}
        </p>
      )}
    </div>
  );
}

function TextField(props: {
  name: string;
  label: string;
  m: Translate;
  hint?: string;
  type?: 'text' | 'url' | 'email' | 'tel';
  multiline?: boolean;
}) {
  const { register } = useFormContext();
  const error = useError(props.name);
  const shared = {
    id: inputId(props.name),
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId(props.name) : undefined,
    ...register(props.name),
  };
  return (
    <FieldShell name={props.name} label={props.label} hint={props.hint} m={props.m}>
      {props.multiline ? <textarea rows={6} {...shared} /> : <input type={props.type ?? 'text'} {...shared} />}
    </FieldShell>
  );
}

function SelectField(props: {
  name: string;
  label: string;
  m: Translate;
  choices: { value: string; label: string }[];
}) {
  const { register } = useFormContext();
  const error = useError(props.name);
  return (
    <FieldShell name={props.name} label={props.label} m={props.m}>
      <select
        id={inputId(props.name)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId(props.name) : undefined}
        {...register(props.name, { setValueAs: (value: string) => (value === '' ? null : value) })}
      >
        <option value="">{props.m('orgEdit.choose')}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A category's terms as checkboxes; the value is the list of chosen term ids. */
function TermChoices(props: { name: string; label: string; terms: readonly { tid: number; label: string }[] }) {
  const { watch, setValue } = useFormContext();
  const chosen = (watch(props.name) as number[] | undefined) ?? [];
  const toggle = (tid: number, on: boolean) =>
    setValue(props.name, on ? [...chosen, tid] : chosen.filter((candidate) => candidate !== tid), {
      shouldDirty: true,
    });
  return (
    <fieldset className="profile-editor__terms">
      <legend>{props.label}</legend>
      {props.terms.map((term) => (
        <label key={term.tid} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(term.tid)}
            onChange={(event) => toggle(term.tid, event.target.checked)}
          />{' '}
          {term.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The `items` of a list section: add, remove, and each item's fields. */
function ListField(props: { m: Translate; empty: Record<string, unknown>; render: (prefix: string) => ReactNode }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  return (
    <>
      <ol className="profile-editor__items stack">
        {fields.map((field, index) => (
          <li key={field.id} className="stack">
            {props.render(`items.${index}`)}
            <p>
              <button type="button" className="button button--secondary" onClick={() => remove(index)}>
                {props.m('orgEdit.remove')}
              </button>
            </p>
          </li>
        ))}
      </ol>
      <p>
        <button type="button" className="button button--secondary" onClick={() => append(props.empty)}>
          {props.m('orgEdit.add')}
        </button>
      </p>
    </>
  );
}

type UploadState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'uploaded' } | { kind: 'error'; message: string };

async function sendImage(common: CommonProps, kind: OrganizationImageKind, file: File) {
  const { uploadImage } = await import('./profile-backend.ts');
  const result = await uploadImage(common.frontend, common.organizationId, kind, file);
  if (result.kind === 'ok') return { image: result.data.uploadOrganizationImage, error: null };
  const message =
    result.kind === 'invalid'
      ? (result.fieldErrors.file ?? common.m('orgEdit.failed'))
      : result.kind === 'refused'
        ? result.message
        : common.m('orgEdit.failed');
  return { image: null, error: message };
}

function UploadInput(props: {
  id: string;
  label: string;
  m: Translate;
  state: UploadState;
  onFile: (file: File) => void;
}) {
  const { id, label, m, state } = props;
  return (
    <div className={`field account-field${state.kind === 'error' ? ' account-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p className="account-field__hint" id={`${id}-hint`}>
        {m('orgEdit.imageHint')}
      </p>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={state.kind === 'uploading'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onFile(file);
          event.target.value = '';
        }}
      />
      <p role="status" aria-live="polite">
        {state.kind === 'uploading' ? m('orgEdit.uploading') : state.kind === 'uploaded' ? m('orgEdit.uploaded') : null}
        {state.kind === 'error' && <span className="account-field__error">{state.message}</span>}
      </p>
    </div>
  );
}

/** Logo or cover: uploaded and in use at once. */
function ImageUpload(props: CommonProps & { kind: 'logo' | 'cover'; label: string; current: string | null }) {
  const [url, setUrl] = useState(props.current);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const { width, height } = organizationImageStyles[props.kind];
  return (
    <div className="profile-editor__image stack">
      {url && (
        <img
          src={url}
          alt=""
          width={width}
          height={height}
          className={`profile-editor__preview profile-editor__preview--${props.kind}`}
          data-image={props.kind}
        />
      )}
      <UploadInput
        id={`org-upload-${props.kind}`}
        label={props.label}
        m={props.m}
        state={state}
        onFile={(file) => {
          setState({ kind: 'uploading' });
          void sendImage(props, props.kind, file).then(({ image, error }) => {
            if (image) {
              setUrl(image.url);
              setState({ kind: 'uploaded' });
            } else setState({ kind: 'error', message: error ?? '' });
          });
        }}
      />
    </div>
  );
}

/** An image of a list entry (a contact person's photo, a video's cover): uploaded, then saved with the section. */
function PhotoField(props: CommonProps & { name: string; kind: 'contactPhoto' | 'videoCover'; label: string }) {
  const { watch, setValue } = useFormContext();
  const url = watch(props.name) as string | null | undefined;
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const { width, height } = organizationImageStyles[props.kind];
  return (
    <div className="profile-editor__image stack">
      {url && <img src={url} alt="" width={width / 2} height={height / 2} />}
      <UploadInput
        id={inputId(props.name)}
        label={props.label}
        m={props.m}
        state={state}
        onFile={(file) => {
          setState({ kind: 'uploading' });
          void sendImage(props, props.kind, file).then(({ image, error }) => {
            if (image) {
              setValue(props.name, image.url, { shouldDirty: true });
              setState({ kind: 'uploaded' });
            } else setState({ kind: 'error', message: error ?? '' });
          });
        }}
      />
    </div>
  );
}

/** The gallery: an upload adds an image at once; texts, order and removals are saved as a section. */
function GallerySection(
  props: CommonProps & { images: readonly { url: string; alt?: string | null; title?: string | null }[] },
) {
  const [key, setKey] = useState(0);
  const [images, setImages] = useState(props.images);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  return (
    <div className="stack">
      <SectionForm key={key} {...props} name="gallery" defaults={{ items: images }}>
        <GalleryItems m={props.m} />
      </SectionForm>
      <UploadInput
        id="org-upload-gallery"
        label={props.m('orgEdit.field.galleryUpload')}
        m={props.m}
        state={state}
        onFile={(file) => {
          setState({ kind: 'uploading' });
          void sendImage(props, 'gallery', file).then(({ image, error }) => {
            if (image) {
              setImages((current) => [...current, { url: image.url, alt: null, title: null }]);
              setKey((current) => current + 1);
              setState({ kind: 'uploaded' });
            } else setState({ kind: 'error', message: error ?? '' });
          });
        }}
      />
    </div>
  );
}

function GalleryItems({ m }: { m: Translate }) {
  const { control, watch } = useFormContext();
  const { fields, remove } = useFieldArray({ control, name: 'items' });
  const { width, height } = organizationImageStyles.gallery;
  return (
    <ol className="profile-editor__gallery">
      {fields.map((field, index) => (
        <li key={field.id} className="stack">
          <img src={watch(`items.${index}.url`) as string} alt="" width={width / 4} height={height / 4} />
          <TextField name={`items.${index}.alt`} label={m('orgEdit.field.alt')} m={m} />
          <TextField name={`items.${index}.title`} label={m('orgEdit.field.title')} m={m} />
          <p>
            <button type="button" className="button button--secondary" onClick={() => remove(index)}>
              {m('orgEdit.remove')}
            </button>
          </p>
        </li>
      ))}
    </ol>
  );
}

type EditableAttachment = EditableProfile['attachments'][number];

/** Files to download from the page (owner and staff): each upload is on the page at once, as is a removal. */
function AttachmentsSection(
  props: CommonProps & { attachments: readonly EditableAttachment[]; limits: ProfileEditorProps['attachmentLimits'] },
) {
  const { m, limits } = props;
  const [attachments, setAttachments] = useState(props.attachments);
  const [state, setState] = useState<UploadState | { kind: 'removed' }>({ kind: 'idle' });
  const id = 'org-upload-attachment';
  // The server's message in the visitor's language (with the allowed types or sizes filled in).
  const failed = (result: Refusal) => (result.kind === 'failed' ? m('orgEdit.failed') : result.message);
  return (
    <section className="card stack" aria-labelledby="org-attachments">
      <h2 id="org-attachments">{m('orgEdit.section.attachments')}</h2>
      {attachments.length === 0 ? (
        <p>{m('orgEdit.attachmentsEmpty')}</p>
      ) : (
        <ul className="profile-editor__attachments stack">
          {attachments.map((attachment) => (
            <li key={attachment.id} data-attachment={attachment.fileName}>
              <a href={attachment.url}>{attachment.fileName}</a>{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  void removeAttachmentOf(props, attachment.id).then((result) => {
                    if (result.kind !== 'ok') return setState({ kind: 'error', message: failed(result) });
                    setAttachments((current) => current.filter((candidate) => candidate.id !== attachment.id));
                    setState({ kind: 'removed' });
                  });
                }}
              >
                {m('orgEdit.removeAttachment').replace('{name}', attachment.fileName)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={`field account-field${state.kind === 'error' ? ' account-field--invalid' : ''}`}>
        <label htmlFor={id}>{m('orgEdit.field.attachment')}</label>
        <p className="account-field__hint" id={`${id}-hint`}>
          {m('orgEdit.attachmentHint').replace('{size}', limits.maxSize)}
        </p>
        <input
          id={id}
          type="file"
          accept={limits.extensions.map((extension) => `.${extension}`).join(',')}
          aria-describedby={`${id}-hint`}
          disabled={state.kind === 'uploading'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setState({ kind: 'uploading' });
            void import('./profile-backend.ts')
              .then(({ uploadAttachment }) => uploadAttachment(props.frontend, props.organizationId, file))
              .then((result) => {
                if (result.kind !== 'ok') return setState({ kind: 'error', message: failed(result) });
                setAttachments((current) => [...current, result.data.addOrganizationAttachment]);
                setState({ kind: 'uploaded' });
              });
          }}
        />
        <p role="status" aria-live="polite">
          {state.kind === 'uploading'
            ? m('orgEdit.uploading')
            : state.kind === 'uploaded'
              ? m('orgEdit.uploaded')
              : state.kind === 'removed'
                ? m('orgEdit.attachmentRemoved')
                : null}
          {state.kind === 'error' && <span className="account-field__error">{state.message}</span>}
        </p>
      </div>
    </section>
  );
}

async function removeAttachmentOf(common: CommonProps, attachmentId: number) {
  const { removeAttachment } = await import('./profile-backend.ts');
  return removeAttachment(common.frontend, common.organizationId, attachmentId);
}
