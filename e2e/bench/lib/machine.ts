import os from 'node:os';
import { ffmpegVersion } from './ffmpeg';

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  ffmpeg: string;
  os: string;
  loadAverage: number[];
}

export async function describeMachine(): Promise<Machine> {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    ffmpeg: await ffmpegVersion(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function machineLine(m: Machine): string {
  return `machine: ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.os}, Node ${m.node}, ffmpeg ${m.ffmpeg}, load average at start ${m.loadAverage.join(' ')}`;
}
