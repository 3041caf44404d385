/**
 * A field's invalid state from the server's 422 messages for it, spread on a TextField:
 * `{...serverFieldProps(errors.amount)}`. Without messages the field is valid (isInvalid false, so
 * react-aria does not keep showing an earlier server error).
 */
export function serverFieldProps(messages: readonly string[] | undefined): { isInvalid: boolean; errorMessage: string | undefined } {
  return { isInvalid: !!messages, errorMessage: messages?.join(" ") };
}
