import { hrefOf } from '../../lib/router';
import { PageHeader } from '../../ui/PageHeader';
import './clip.css';
import { ClipOpen } from './ClipOpen';
import { ClipView } from './ClipView';

/** `#/clip`: choose what to cut; `#/clip/<file_id>`: the clip view of that file (docs/cutting.md). */
export default function ClipPage({ fileId }: { fileId?: string }) {
  return (
    <div className="page page-wide">
      <PageHeader
        title={fileId ? 'Cut a clip' : 'Cut a clip: choose a file'}
        subtitle="Mark segments with I and O, cut them exactly (to the frame, or a sound to the millisecond), save them where you want. Press ? for every key."
        actions={
          fileId && (
            <a className="btn btn-small" href={hrefOf({ name: 'clip' })}>
              Open another file
            </a>
          )
        }
      />
      {fileId ? <ClipView key={fileId} fileId={fileId} /> : <ClipOpen />}
    </div>
  );
}
