export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}
export declare const LINUX_SIZES: number[];
export declare const ICO_SIZES: number[];
export declare const ICNS_TYPES: Array<[string, number]>;
export declare function encodePng(image: Rgba): Buffer;
export declare function decodePng(buf: Buffer): Rgba;
export declare function resize(src: Rgba, size: number): Rgba;
export declare function buildIco(pngsBySize: Iterable<[number, Buffer]>): Buffer;
export declare function parseIco(buf: Buffer): Array<{ size: number; png: Buffer }>;
export declare function buildIcns(pngsByType: Iterable<[string, Buffer]>): Buffer;
export declare function parseIcns(buf: Buffer): Array<{ type: string; png: Buffer }>;
export declare function renderIconSet(sourcePng: Buffer): Map<string, Buffer>;
export declare function samePixels(pngA: Buffer, pngB: Buffer): boolean;
export declare function iconFileMatches(relPath: string, onDisk: Buffer, expected: Buffer): boolean;
