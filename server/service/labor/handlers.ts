import { laborMessages } from '#contract/labor.ts';
import { fail, type Handlers } from '../handler.ts';
import { LaborSaveError, storeLaborFile } from './store.ts';

export const laborHandlers: Handlers = {
  laborUpload: (ctx, input) => {
    const bytes = Buffer.from(input.content.replace(/\s+/g, ''), 'base64');
    // A savepoint, so that an unexpected failure answers status 500 (the document's "an error occurred")
    // without keeping half of what was written.
    ctx.db.exec('SAVEPOINT labor_upload');
    let out: ReturnType<typeof storeLaborFile>;
    try {
      out = storeLaborFile(ctx.db, {
        filename: input.filename,
        bytes,
        userid: ctx.user.userid,
        now: ctx.now(),
      });
    } catch (e) {
      ctx.db.exec('ROLLBACK TO labor_upload');
      ctx.db.exec('RELEASE labor_upload');
      console.error('laborUpload failed:', e instanceof Error ? e.stack : e);
      return {
        laborStatus: 500,
        msg: e instanceof LaborSaveError ? laborMessages.saveFailed : laborMessages.error,
      };
    }
    ctx.db.exec('RELEASE labor_upload');
    // Refusals roll back (nothing was written anyway); the app answers them as {status: 400, msg}, HTTP 200.
    if (out.status === 400) fail(400, out.msg);
    return { laborStatus: out.status, msg: out.msg };
  },
};
