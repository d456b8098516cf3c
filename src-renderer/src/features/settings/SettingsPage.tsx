import { PageHeader } from '../../ui/PageHeader';
import { KeySection } from './KeySection';
import { SystemSection } from './SystemSection';
import { UsageSection } from './UsageSection';
import { WebhookSection } from './WebhookSection';
import { WorkersSection } from './WorkersSection';
import { CacheSection } from './CacheSection';
import { SplitSection } from './SplitSection';

/** Key, usage, machine and webhook settings. */
export default function SettingsPage() {
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="Keys, storage, the ffmpeg in use, and notifications." />
      <KeySection />
      <div className="split split-even">
        <UsageSection />
        <SystemSection />
      </div>
      <WebhookSection />
      <WorkersSection />
      <SplitSection />
      <CacheSection />
    </div>
  );
}
