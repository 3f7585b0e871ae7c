import { describe, expect, it } from 'vitest';
import { mediaTypeOf, readFormBody } from './form-body';

const post = (body: BodyInit | null, contentType?: string) =>
  new Request('http://localhost/form', {
    method: 'POST',
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });

describe('readFormBody', () => {
  it('reads url-encoded and multipart forms, the first value of each name, the files apart', async () => {
    expect(await readFormBody(post('email=a%40b.de&email=c&csrfToken=x', 'application/x-www-form-urlencoded'))).toEqual(
      {
        ok: true,
        fields: { email: 'a@b.de', csrfToken: 'x' },
        files: {},
      },
    );
    const form = new FormData();
    form.append('name', 'Müller');
    form.append('file', new Blob(['%PDF']), 'cv.pdf');
    form.append('file', new Blob(['\x89PNG']), 'foto.png');
    // A file input left empty: the browser sends an empty part without a name.
    form.append('other', new Blob([]), '');
    const body = await readFormBody(post(form));
    expect(body).toMatchObject({ ok: true, fields: { name: 'Müller' } });
    const files = body.ok ? body.files : {};
    expect(Object.keys(files)).toEqual(['file']);
    expect(files.file?.map((file) => file.name)).toEqual(['cv.pdf', 'foto.png']);
    expect(await files.file?.[0]?.text()).toBe('%PDF');
  });

  it('refuses a body that is not a form with 415', async () => {
    for (const request of [
      post('{"email":"a@b.de"}', 'application/json'),
      post('email=a', 'text/plain'),
      // Bytes carry no content type of their own.
      post(new TextEncoder().encode('email=a')),
    ]) {
      expect(await readFormBody(request)).toEqual({ ok: false, status: 415, reason: 'unsupported' });
    }
  });

  it('refuses a form it cannot parse with 400', async () => {
    expect(await readFormBody(post('garbage', 'multipart/form-data; boundary=xyz'))).toMatchObject({ status: 400 });
    expect(await readFormBody(post('garbage', 'multipart/form-data'))).toMatchObject({ status: 400 });
  });

  it('reads a JSON object only where JSON is accepted', async () => {
    const json = () => post('{"level":"warn","code":"X","n":1}', 'application/json; charset=utf-8');
    expect(await readFormBody(json(), { acceptJson: true })).toEqual({
      ok: true,
      fields: { level: 'warn', code: 'X', n: 1 },
      files: {},
    });
    expect(await readFormBody(post('{bad', 'application/json'), { acceptJson: true })).toMatchObject({ status: 400 });
    expect(await readFormBody(post('[1,2]', 'application/json'), { acceptJson: true })).toMatchObject({ status: 400 });
    expect(await readFormBody(post('null', 'application/json'), { acceptJson: true })).toMatchObject({ status: 400 });
  });
});

describe('mediaTypeOf', () => {
  it('drops parameters and case', () => {
    expect(mediaTypeOf('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data');
    expect(mediaTypeOf(null)).toBe('');
  });
});
