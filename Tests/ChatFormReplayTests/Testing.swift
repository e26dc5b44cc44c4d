@_exported import ChatFormTesting
