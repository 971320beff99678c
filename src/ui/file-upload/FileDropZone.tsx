// The drop-or-choose area of the upload dialogs (local transcription, AI dubbing): a label around a
// hidden file input, highlighted while files are dragged over it. What was chosen goes to onFiles;
// the input is cleared so choosing the same file again (after removing it) is seen.
import { Box, Text } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';

export interface FileDropZoneProps {
  accept: string;
  multiple?: boolean;
  testId: string;
  inputTestId: string;
  /** Vertical padding (the transcription dialog's is taller: it shows an icon). */
  py?: string;
  icon?: ReactNode;
  hint: string;
  formats: string;
  onFiles(files: File[]): void;
}

export function FileDropZone(props: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const choose = (list: FileList | null) => {
    if (list && list.length > 0) props.onFiles(Array.from(list));
    if (inputRef.current) inputRef.current.value = '';
  };
  return (
    <Box
      as="label"
      data-testid={props.testId}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'brand.500' : 'border'}
      bg={dragging ? 'brand.50' : 'bg.subtle'}
      rounded="lg"
      py={props.py ?? '6'}
      px="4"
      textAlign="center"
      cursor="pointer"
      display="block"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        choose(event.dataTransfer.files);
      }}
    >
      {props.icon}
      <Text fontWeight="medium">{props.hint}</Text>
      <Text fontSize="sm" color="fg.muted">
        {props.formats}
      </Text>
      <input ref={inputRef} type="file" accept={props.accept} multiple={props.multiple} hidden data-testid={props.inputTestId} onChange={(event) => choose(event.target.files)} />
    </Box>
  );
}
