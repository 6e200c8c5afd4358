/** Why DL Setup will not read a file, text or output path a user named (main/system/readUntrustedFile.ts, outputPath.ts). */
export const untrustedInputTextEn = {
  'file.notFound': 'Cannot read "{{file}}": no such file.',
  'file.notReadable': 'Cannot read "{{file}}": not readable ({{reason}}).',
  'file.isFolder': 'Cannot read "{{file}}": it is a folder, not a file.',
  'file.isFifo': 'Cannot read "{{file}}": it is a named pipe (FIFO), not a regular file.',
  'file.isDevice': 'Cannot read "{{file}}": it is a device, not a regular file.',
  'file.isSocket': 'Cannot read "{{file}}": it is a socket, not a regular file.',
  'file.tooLarge': 'Cannot read "{{file}}": it is larger than {{limit}} MB, the most DL Setup reads here.',
  'file.binary': 'Cannot read "{{file}}": it is binary data, not text. Give a log or a tool\'s output saved as text.',
  'file.notUtf8': 'Cannot read "{{file}}": it is not UTF-8 text.',
  'stdin.tooLarge': 'The text piped in is larger than {{limit}} MB, the most DL Setup reads.',
  'text.binary': 'This is binary data, not text: paste an error message or a tool\'s output.',
  'out.systemFolder': 'Cannot write to "{{path}}": it is inside {{root}}, a system folder. Choose a folder of your own.',
  'out.notFolder': 'Cannot write into "{{path}}": "{{existing}}" exists and is not a folder. Give a new folder or an existing one.',
  'out.linkInside': 'Cannot write into "{{path}}": "{{existing}}" is a symbolic link; DL Setup does not write through links inside the folder.',
  'out.notFile': 'Cannot write "{{path}}": it exists and is not a regular file.',
} as const;
