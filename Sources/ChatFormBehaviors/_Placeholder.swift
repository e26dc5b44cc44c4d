// ChatFormBehaviors
