/**
 * SVG can carry scripts, so the file service refuses it and never serves one (docs/files.md). An SVG
 * picked in the info editor is drawn into a canvas as an image (scripts never run in <img>) and
 * uploaded as PNG.
 */
export async function svgToPng(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 512;
    canvas.height = image.naturalHeight || 512;
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('svg');
    return new File([blob], file.name.replace(/\.svg$/i, '.png'), { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
}
