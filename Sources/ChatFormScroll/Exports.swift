@_exported import ChatFormText
@_exported import ChatFormMotion
