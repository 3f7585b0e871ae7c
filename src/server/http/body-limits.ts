// SPEC 5: attachments up to 50 MiB
export const maxUploadBytes = 52_428_800;
