// Short real videos made by ffmpeg (Debian's, installed by .ci/run) for the media tests:
// a test pattern with frames that change over time (and black frames at the start, for
// "Suggest frames"), in the containers and codecs people have.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type VideoRecipe = 'mp4-h264' | 'webm-vp9' | 'mkv-h264' | 'mkv-hevc' | 'mov-h264' | 'avi-mpeg4' | 'audio-only-m4a';

const ARGS: Record<VideoRecipe, string[]> = {
  'mp4-h264': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
  'mov-h264': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov'],
  'webm-vp9': ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libopus'],
  'mkv-h264': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'matroska'],
  'mkv-hevc': ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'matroska'],
  'avi-mpeg4': ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'libmp3lame', '-f', 'avi'],
  'audio-only-m4a': ['-vn', '-c:a', 'aac', '-f', 'mp4'],
};

export interface VideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  /** Seconds of black at the start (the rest is a moving test pattern). */
  blackSeconds?: number;
}

/** Writes a real video to `path`; needs `ffmpeg` on PATH. */
export async function makeVideo(path: string, recipe: VideoRecipe, options: VideoOptions = {}): Promise<void> {
  const { width = 320, height = 240, seconds = 3, blackSeconds = 0 } = options;
  const size = `${width}x${height}`;
  const pattern = `testsrc2=size=${size}:rate=25:duration=${seconds}`;
  // Black frames first when asked: the pattern with its brightness taken away until then.
  const video = blackSeconds > 0 ? `${pattern},geq=lum='if(lt(T,${blackSeconds}),0,lum(X,Y))':cb='if(lt(T,${blackSeconds}),128,cb(X,Y))':cr='if(lt(T,${blackSeconds}),128,cr(X,Y))'` : pattern;
  const audio = `sine=frequency=440:duration=${seconds}`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', audio, '-shortest', ...ARGS[recipe], path], { timeout: 120_000 });
}

export async function hasFfmpegEncoder(name: string): Promise<boolean> {
  try {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-encoders'], { timeout: 20_000 });
    return new RegExp(`\\s${name}\\s`).test(stdout);
  } catch {
    return false;
  }
}
