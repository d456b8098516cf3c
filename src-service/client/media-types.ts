/** The ffmpeg FFDesk runs: how it was chosen and what it can do (GET /v1/system, /v1/health, /v1/capabilities). */
export interface BinaryCandidateInfo {
  source: string;
  path: string | null;
  version: string | null;
  chosen: boolean;
  note: string;
}

export interface BinaryChoiceInfo {
  path: string;
  source: string;
  version: string;
  reason: string;
  candidates: BinaryCandidateInfo[];
}

export interface HardwareEncoderTrial {
  encoder: string;
  api: 'nvenc' | 'qsv' | 'vaapi' | 'videotoolbox' | 'amf';
  codec: string;
  works: boolean;
  detail: string;
}

export interface HardwareEncoders {
  state: 'detecting' | 'done';
  working: string[];
  tried: HardwareEncoderTrial[];
}

export interface NamedEntry {
  name: string;
  description: string;
}

export interface Capabilities {
  ffmpeg_path: string;
  ffmpeg_version: string;
  encoders: (NamedEntry & { type: string })[];
  decoders: (NamedEntry & { type: string })[];
  filters: (NamedEntry & { io: string })[];
  muxers: NamedEntry[];
  demuxers: NamedEntry[];
  protocols: { input: string[]; output: string[] };
  hwaccels: string[];
  options: string[];
  hardware_encoders: HardwareEncoders;
}
